// The API document (decision 0083): Redocly's recommended rules find no error in it, every operation says what a
// client needs (summary, operationId, tags, security, its errors as the Error component), and a client generated
// from it (src/shared/api/openapi.generated.ts, openapi-fetch) drives the server with typed answers.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../shared/api/openapi.generated.ts';
import { createTestApp, signUpTestUser, type TestApp } from '../test/create-test-app.ts';
import { SELLER_CONTACT } from '../test/product-body.ts';
import { deriveOperationId } from './openapi-operations.ts';

type Operation = {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const ADDRESS = '10.83.0.1';
const REDOCLY = path.resolve(import.meta.dirname, '../../../node_modules/@redocly/cli/bin/cli.js');
const ERROR_REF = '#/components/schemas/Error';

let testApp: TestApp;
let document: Document;

beforeAll(async () => {
  testApp = await createTestApp();
  document = (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => testApp.close());

function listOperations(): [string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      `${method.toUpperCase()} ${path}`,
      operation,
    ]),
  );
}

/** openapi-fetch's fetch, answered by the app through inject: the same routes, hooks and handlers, no port. */
async function injectFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const answer = await testApp.app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(request.headers),
    remoteAddress: ADDRESS,
    ...(payload ? { payload } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, String(one));
  }
  const body = answer.rawPayload.length > 0 ? new Uint8Array(answer.rawPayload) : null;
  return new Response(body, { status: answer.statusCode, headers });
}

describe('the API document', () => {
  it('passes the Redocly CLI’s recommended rules with no error', async () => {
    // The CLI itself (its rules are bundled with it): the check the document is held to, not a library's copy.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      const args = [
        REDOCLY,
        'lint',
        file,
        '--extends',
        'recommended',
        '--format',
        'json',
        '--max-problems',
        '1000',
      ];
      const { stdout } = await promisify(execFile)(process.execPath, args).catch(
        (failed: { stdout?: string }) => ({ stdout: failed.stdout ?? '' }),
      );
      const report = JSON.parse(stdout) as {
        totals: { errors: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const errors = report.problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives every operation a summary, an operationId, tags, security and its errors as the Error component', () => {
    const operations = listOperations();
    expect(operations.length).toBeGreaterThan(50);
    for (const [where, operation] of operations) {
      expect(operation.summary, where).toMatch(/\S/);
      expect(operation.operationId, where).toMatch(/^[a-z]+[A-Z][A-Za-z0-9]*$/);
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      expect(operation.security, where).toBeInstanceOf(Array);
      const errors = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      expect(errors, where).toContain('500');
      if (where.includes('/api/'))
        expect(
          errors.some((status) => status.startsWith('4')),
          where,
        ).toBe(true);
      for (const status of errors) {
        // The health probes' own 503 says why the instance is not ready, without a code.
        if (where.endsWith('z') && status === '503') continue;
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        expect(schema, `${where} ${status}`).toEqual({ $ref: ERROR_REF });
      }
    }
  });

  it('states each operation’s security from the guard its route runs', () => {
    const security = (path: string, method: string) => document.paths[path]?.[method]?.security;
    expect(security('/api/v1/settings', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/v1/account/deletion', 'get')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/v1/products/{id}', 'get')).toEqual([{}, { bearerAuth: [] }]);
    expect(security('/api/v1/products/{id}', 'delete')).toEqual([{ bearerAuth: [] }]);
    expect(security('/api/v1/content', 'get')).toEqual([{}, { bearerAuth: [] }]);
    expect(security('/api/v1/auth/providers', 'get')).toEqual([]);
    expect(security('/api/v1/auth/refresh', 'post')).toEqual([{ refreshCookie: [] }]);
    // A guarded route answers 401, and what its own code refuses.
    expect(Object.keys(document.paths['/api/v1/products/{id}']!.delete!.responses)).toEqual(
      expect.arrayContaining(['400', '401', '403', '404', '429', '500', '503']),
    );
    expect(Object.keys(document.paths['/api/v1/auth/providers']!.get!.responses)).not.toContain('401');
  });

  it('names the shared shapes once, as components', () => {
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'ProductDetail', 'ProductSummary', 'Klip', 'Offer', 'UserProfile']),
    );
    const text = JSON.stringify(document.paths);
    expect(text.split('"#/components/schemas/ProductDetail"').length - 1).toBeGreaterThanOrEqual(3);
    // Every component is referred to: none is left over from the request and answer forms zod generates.
    const referred = JSON.stringify(document).match(/#\/components\/schemas\/[A-Za-z]+/g) ?? [];
    for (const name of Object.keys(document.components.schemas)) {
      expect(referred, name).toContain(`#/components/schemas/${name}`);
    }
  });

  it('describes a query of several shapes as one, with every value of the field that tells them apart', () => {
    const parameters = document.paths['/api/v1/content']!.get!.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === 'type')).toMatchObject({
      in: 'query',
      required: true,
      schema: { enum: ['product', 'offer', 'categoryList', 'klip'] },
    });
    expect(parameters.find((parameter) => parameter.name === 'minPrice')).toMatchObject({ required: false });
  });

  it('derives operationIds from the method and the path alone', () => {
    expect(deriveOperationId('GET', '/api/v1/products/:id/rating')).toBe('getProductsByIdRating');
    expect(deriveOperationId('POST', '/api/v1/auth/password-reset/confirm')).toBe(
      'postAuthPasswordResetConfirm',
    );
    expect(deriveOperationId('GET', '/readyz')).toBe('getReadyz');
    const ids = listOperations().map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a client generated from the document', () => {
  it('creates, lists and reads products with typed answers, and reads refusals as the Error shape', async () => {
    const { token, uid } = await signUpTestUser(testApp.app, 'openapiclient', { address: ADDRESS });
    const client = createClient<paths>({ baseUrl: 'http://localhost', fetch: injectFetch });
    const signedIn = { authorization: `Bearer ${token}` };

    const created = await client.POST('/api/v1/content', {
      headers: signedIn,
      body: { type: 'product', name: 'Brass Table Lamp', price: 1499, category: 'Home', ...SELLER_CONTACT },
    });
    expect(created.response.status).toBe(201);
    const product = created.data && 'product' in created.data ? created.data.product : undefined;
    expect(product?.name).toBe('Brass Table Lamp');

    const listed = await client.GET('/api/v1/users/{uid}/content', { params: { path: { uid } } });
    expect(listed.data?.items.map((item) => item.name)).toEqual(['Brass Table Lamp']);

    const read = await client.GET('/api/v1/products/{id}', { params: { path: { id: product!.id } } });
    expect(read.data?.product.price).toBe(1499);
    expect(read.data?.product.metadata.contactInfo.whatsapp).toBe('9876543210');

    const missing = await client.GET('/api/v1/products/{id}', {
      params: { path: { id: 'no-such-product' } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.code).toBe('not-found');

    const invalid = await client.PUT('/api/v1/products/{id}/rating', {
      headers: signedIn,
      params: { path: { id: product!.id } },
      body: { stars: 9 },
    });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error).toMatchObject({ success: false, code: 'bad-request' });
    expect(invalid.error?.message).toMatch(/^stars: /);

    const anonymous = await client.DELETE('/api/v1/products/{id}', { params: { path: { id: product!.id } } });
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error?.success).toBe(false);
  });
});
