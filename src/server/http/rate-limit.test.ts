// The global API limit counts a route however its path is spelled: the router takes `//api/...`, doubled slashes
// and percent-encoded letters as the plain path, so the limit must too, or each spelling is a fresh budget.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const SPELLINGS_OF_ONE_ROUTE = [
  '/api/v1/content?type=categoryList',
  '//api/v1/content?type=categoryList',
  '/api//v1/content?type=categoryList',
  '/%61pi/v1/content?type=categoryList',
  '/api/v1/%63ontent?type=categoryList',
  '/api/v1/content/?type=categoryList',
];

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_MAX: '3' });
});
afterAll(() => testApp.close());

describe('global API rate limit', () => {
  it('serves each spelling of a route as the route (so the check below is about the limit)', async () => {
    for (const url of SPELLINGS_OF_ONE_ROUTE) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        remoteAddress: `10.1.0.${url.length}`,
      });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it.each(SPELLINGS_OF_ONE_ROUTE)('limits %s once the budget is spent on the plain path', async (url) => {
    const address = `10.2.${SPELLINGS_OF_ONE_ROUTE.indexOf(url)}.1`;
    for (let i = 0; i < 3; i += 1) {
      const plain = await testApp.app.inject({
        method: 'GET',
        url: '/api/v1/content?type=categoryList',
        remoteAddress: address,
      });
      expect(plain.statusCode).toBe(200);
    }
    const response = await testApp.app.inject({ method: 'GET', url, remoteAddress: address });
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ success: false, code: 'too-many-requests' });
  });

  it('counts unknown API paths however they are spelled', async () => {
    const address = '10.3.0.1';
    const statuses: number[] = [];
    for (const url of ['/api/v1/nope', '//api/v1/nope', '/%61pi/v1/nope', '/api//v1/nope']) {
      statuses.push((await testApp.app.inject({ method: 'GET', url, remoteAddress: address })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
