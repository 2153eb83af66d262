import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-client-'));
let testApp: TestApp;

beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>Lootklip</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  testApp = await createTestApp({}, undefined, undefined, clientDir);
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('single-page app serving', () => {
  it('answers every client route with index.html and the full document policy', async () => {
    for (const url of ['/', '/shop?category=Fashion', '/product/01ABC', '/no/such/page']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with immutable caching', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers an API path with the page', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
