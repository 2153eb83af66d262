import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({}, (app) => {
    app.post(
      '/api/v1/test/echo',
      { schema: { body: z.object({ price: z.number().min(0), name: z.string().min(1) }) } },
      async (request) => ({ success: true, data: request.body }),
    );
    app.get('/api/v1/test/crash', async () => {
      throw new Error('password=hunter2 at db.internal:5432');
    });
    app.get('/api/v1/test/forbidden', async () => {
      throw new AppError('forbidden', 'Forbidden - You do not have permission');
    });
    app.get('/api/v1/test/db-down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
  });
});
afterAll(() => testApp.close());

describe('error handler', () => {
  it('answers a schema violation with 400 naming the field', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { price: -5, name: 'Kurta' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'bad-request' });
    expect(response.json().message).toMatch(/^price: /);
  });

  it('drops unknown fields instead of passing them on', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { price: 5, name: 'Kurta', uid: 'someone-else' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ price: 5, name: 'Kurta' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"price": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('hides the internals of a 500', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('db.internal');
    expect(response.json()).toMatchObject({ success: false, code: 'internal' });
  });

  it('maps AppError codes to their status and message', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Forbidden - You do not have permission');
  });

  it('answers 503 with Retry-After when the database is unreachable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/test/db-down' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).not.toContain('5432');
  });
});
