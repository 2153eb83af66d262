// One 400 message for a value that fails its schema, whichever path found it: a route's schema (the app's error
// handler), parseBody (JSON in a multipart field, a service's own check) and a settings patch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import { createTestApp, type TestApp } from '../test/create-test-app.ts';
import { describeSchemaIssue, parseBody } from './validation.ts';

const Listing = z.strictObject({
  price: z.number().min(0),
  contact: z.object({ email: z.email() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, (app) =>
    app.post('/api/v1/test/listing', { schema: { body: Listing } }, async () => ({ success: true })),
  );
});
afterAll(() => t.close());

/** The message parseBody throws for `value`. */
function getParseBodyMessage(value: unknown, prefix?: string): string {
  try {
    parseBody(Listing, value, prefix);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('bad-request');
    return (error as AppError).message;
  }
  throw new Error('parseBody accepted the value');
}

describe('schema failures', () => {
  it('name the field by its path, and unknown keys by themselves', () => {
    expect(getParseBodyMessage({ price: -1, contact: { email: 'a@b.in' } })).toMatch(/^price: /);
    expect(getParseBodyMessage({ price: 1, contact: { email: 'nope' } })).toMatch(/^contact\.email: /);
    expect(getParseBodyMessage({ price: 1, contact: { email: 'a@b.in' }, uid: 'x', id: 'y' })).toMatch(
      /^uid, id: /,
    );
    expect(getParseBodyMessage({ price: -1, contact: { email: 'a@b.in' } }, 'data')).toMatch(
      /^data\.price: /,
    );
    expect(getParseBodyMessage('not an object')).toMatch(/^body: /);
    expect(getParseBodyMessage('not an object', 'data')).toMatch(/^data: /);
  });

  it('read the same through a route schema as through parseBody', async () => {
    for (const value of [
      { price: -1, contact: { email: 'a@b.in' } },
      { price: 1, contact: { email: 'nope' } },
      { price: 1, contact: { email: 'a@b.in' }, uid: 'x' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/test/listing', payload: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'bad-request', message: getParseBodyMessage(value) });
    }
  });

  it('give the problem alone where the answer is about one value', () => {
    const parsed = z.string().min(3, 'Too short').safeParse('ab');
    expect(describeSchemaIssue(parsed.error?.issues[0], { whole: 'username' })).toEqual({
      field: 'username',
      problem: 'Too short',
      message: 'username: Too short',
    });
  });
});
