import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findClosedPortUrl, startHttpTestServer, type HttpTestServer } from '../test/http-test-server.js';
import { ApiError, createApiClient } from './api-client.ts';

let server: HttpTestServer;

beforeAll(async () => {
  server = await startHttpTestServer();
});
afterAll(async () => {
  await server.close();
});

function createClient(token: string | null = null) {
  return createApiClient({ baseUrl: `${server.url}/api/v1`, getToken: () => token });
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client error mapping (docs/product.md "Error texts: HTTP failures")', () => {
  it('reports a missing response as a network error', async () => {
    const client = createApiClient({ baseUrl: `${await findClosedPortUrl()}/api/v1` });
    const error = await captureError(client.get('/content'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Network error - Please check your connection');
  });

  it('names the path on 404, whatever the server says', async () => {
    server.respond('GET', '/api/v1/products/p1', {
      status: 404,
      body: { success: false, message: 'Product not found' },
    });
    const error = await captureError(createClient().get('/products/p1', { query: { fields: 'all' } }));
    expect(error.status).toBe(404);
    expect(error.message).toBe('API endpoint not found: /products/p1');
  });

  it('maps 401 and 403 to the fixed texts', async () => {
    server.respond('GET', '/api/v1/dashboard', {
      status: 401,
      body: { success: false, message: 'Token expired' },
    });
    server.respond('DELETE', '/api/v1/klips/k1', {
      status: 403,
      body: { success: false, message: 'Not yours' },
    });
    const unauthorized = await captureError(createClient().get('/dashboard'));
    const forbidden = await captureError(createClient().delete('/klips/k1'));
    expect([unauthorized.status, unauthorized.message]).toEqual([401, 'Unauthorized - Please login again']);
    expect([forbidden.status, forbidden.message]).toEqual([403, 'Forbidden - You do not have permission']);
  });

  it("uses the server's message for other failures, with its code", async () => {
    server.respond('POST', '/api/v1/content', {
      status: 400,
      body: { success: false, message: 'Offer title is required', code: 'validation' },
    });
    const error = await captureError(createClient().post('/content', { type: 'offer' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Offer title is required');
    expect(error.code).toBe('validation');
  });

  it('falls back to "An error occurred" when the failure carries no message', async () => {
    server.respond('GET', '/api/v1/lootbox', { status: 500, body: { success: false } });
    server.respond('GET', '/api/v1/settings', { status: 502, raw: '<html>Bad gateway</html>' });
    expect((await captureError(createClient().get('/lootbox'))).message).toBe('An error occurred');
    expect((await captureError(createClient().get('/settings'))).message).toBe('An error occurred');
  });

  it('rejects a successful answer that is not JSON', async () => {
    server.respond('GET', '/api/v1/content/offers', { status: 200, raw: '<!doctype html><p>SPA</p>' });
    const error = await captureError(createClient().get('/content/offers'));
    expect(error.message).toBe('Invalid response from server');
  });

  it('rejects a list answer without an array of items, and returns one with it', async () => {
    for (const body of [{ success: true }, { success: true, items: 'none' }, null]) {
      server.respond('GET', '/api/v1/content', { status: 200, body });
      const error = await captureError(createClient().getList('/content'));
      expect(error.message).toBe('Invalid response format from server');
    }
    server.respond('GET', '/api/v1/content', { status: 200, body: { success: true, items: [{ id: 'p1' }] } });
    await expect(createClient().getList('/content')).resolves.toEqual({
      success: true,
      items: [{ id: 'p1' }],
    });
  });
});

describe('api client requests', () => {
  it('sends JSON with the bearer token when one is known, and returns the body', async () => {
    server.respond('POST', '/api/v1/lootbox', { status: 201, body: { success: true, id: 'lb1' } });
    const result = await createClient('token-123').post<{ id: string }>('/lootbox', {
      items: [],
      totalValue: 0,
    });
    expect(result.id).toBe('lb1');
    const request = server.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer token-123');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ items: [], totalValue: 0 });
  });

  it('sends no Authorization header when signed out, and skips empty query values', async () => {
    server.respond('GET', '/api/v1/content', { status: 200, body: { success: true, items: [] } });
    await createClient(null).get('/content', {
      query: { type: 'product', status: 'active', limit: 12, category: undefined, search: '' },
    });
    const request = server.requests.at(-1);
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.query).toEqual({ type: 'product', status: 'active', limit: '12' });
  });

  it('passes an abort through untouched, so cancelled queries are not reported as failures', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await createClient()
      .get('/content', { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('api client uploads (XMLHttpRequest, for progress)', () => {
  function createForm(bytes: number): FormData {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' }));
    return form;
  }

  it('sends the file with the bearer token, reports progress up to the whole body, and returns the answer', async () => {
    server.respond('POST', '/api/v1/media/images', {
      status: 201,
      body: { success: true, data: { id: 'm1' } },
    });
    const progress: number[] = [];
    const answer = await createClient('token-9').upload<{ data: { id: string } }>(
      '/media/images',
      createForm(200_000),
      { onProgress: (fraction) => progress.push(fraction) },
    );
    expect(answer.data.id).toBe('m1');
    expect(progress.at(-1)).toBe(1);
    const request = server.requests.at(-1);
    expect(request?.headers.authorization).toBe('Bearer token-9');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('filename="photo.png"');
  });

  it('fails with the same texts as other requests', async () => {
    server.respond('POST', '/api/v1/media/images', {
      status: 415,
      body: { success: false, message: 'Unsupported image. Upload a JPEG, PNG, WebP or AVIF file.' },
    });
    const refused = await captureError(createClient('t').upload('/media/images', createForm(10)));
    expect([refused.status, refused.message]).toEqual([
      415,
      'Unsupported image. Upload a JPEG, PNG, WebP or AVIF file.',
    ]);
    const closed = createApiClient({ baseUrl: `${await findClosedPortUrl()}/api/v1` });
    const offline = await captureError(closed.upload('/media/images', createForm(10)));
    expect([offline.status, offline.message]).toEqual([0, 'Network error - Please check your connection']);
  });

  it('rejects with an AbortError when cancelled before or during the upload', async () => {
    for (const abortFirst of [true, false]) {
      const controller = new AbortController();
      if (abortFirst) controller.abort();
      const pending = createClient().upload('/media/images', createForm(2_000_000), {
        signal: controller.signal,
      });
      controller.abort();
      const error = await pending.catch((caught: unknown) => caught);
      expect(error).not.toBeInstanceOf(ApiError);
      expect((error as Error).name).toBe('AbortError');
    }
  });
});
