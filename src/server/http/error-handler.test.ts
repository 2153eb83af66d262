import net from 'node:net';
import type { InjectOptions } from 'fastify';
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

/** What every answer carries, early errors included (security.ts). */
function expectSecurityHeaders(headers: Record<string, unknown>, label: string) {
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(String(headers['content-security-policy']), label).toContain("default-src 'none'");
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
}

/** Sends raw bytes to the listening app and reads the whole answer (the server closes the connection). */
async function sendRaw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) =>
      (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
    );
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(request);
  });
}

function parseRawAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe("Fastify's own early errors", () => {
  const earlyErrors: Array<{
    name: string;
    request: InjectOptions;
    status: number;
  }> = [
    { name: 'bad URL encoding', request: { method: 'GET', url: '/api/v1/%E0%A4%A' }, status: 400 },
    {
      name: 'bad URL encoding in a parameter',
      request: { method: 'GET', url: '/api/v1/products/%E0%A4%A' },
      status: 400,
    },
    {
      name: 'a parameter past the router limit',
      request: { method: 'GET', url: `/api/v1/products/${'x'.repeat(200)}` },
      status: 414,
    },
    {
      name: 'bad JSON',
      request: {
        method: 'POST',
        url: '/api/v1/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"price": ',
      },
      status: 400,
    },
    {
      name: 'unsupported content type',
      request: {
        method: 'POST',
        url: '/api/v1/test/echo',
        headers: { 'content-type': 'application/xml' },
        payload: '<price>5</price>',
      },
      status: 415,
    },
    {
      name: 'body too large',
      request: {
        method: 'POST',
        url: '/api/v1/test/echo',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024), price: 1 }),
      },
      status: 413,
    },
  ];

  it.each(earlyErrors)(
    "answers $name in the app's shape with the security headers",
    async ({ request, status }) => {
      const response = await testApp.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      const body = response.json() as Record<string, unknown>;
      expect(body.success).toBe(false);
      expect(typeof body.message).toBe('string');
      expect(body).not.toHaveProperty('statusCode');
      expectSecurityHeaders(response.headers, `${request.method} ${request.url}`);
      expect(response.headers['x-request-id']).toBeTruthy();
    },
  );

  describe('on a real connection', () => {
    let port: number;
    beforeAll(async () => {
      await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      port = (testApp.app.server.address() as net.AddressInfo).port;
    });

    it("answers headers that are too large with 431 in the app's shape with the security headers", async () => {
      const raw = await sendRaw(
        port,
        `GET /api/v1/test/forbidden HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      const answer = parseRawAnswer(raw);
      expect(answer.status).toBe(431);
      expectSecurityHeaders(answer.headers, 'header overflow');
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'header-too-large' });
    });

    it("answers a request HTTP cannot parse with 400 in the app's shape with the security headers", async () => {
      const raw = await sendRaw(port, 'GET /api HTTP/1.1\r\nHost: localhost\r\nContent-Length: abc\r\n\r\n');
      const answer = parseRawAnswer(raw);
      expect(answer.status).toBe(400);
      expectSecurityHeaders(answer.headers, 'bad request');
      expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'bad-request' });
    });

    it("answers an HTTP/1.1 request without Host with 400 in the app's shape with the security headers", async () => {
      const answer = parseRawAnswer(await sendRaw(port, 'GET /api/v1/test/forbidden HTTP/1.1\r\n\r\n'));
      expect(answer.status).toBe(400);
      expectSecurityHeaders(answer.headers, 'no Host');
      expect(answer.headers['x-request-id']).toBeTruthy();
      expect(JSON.parse(answer.body)).toMatchObject({
        success: false,
        code: 'bad-request',
        message: 'The request has no Host header.',
      });
      // HTTP/1.0 has no Host requirement: such a request reaches its route.
      const older = parseRawAnswer(await sendRaw(port, 'GET /api/v1/test/forbidden HTTP/1.0\r\n\r\n'));
      expect(older.status).toBe(403);
    });
  });
});
