// The one cursor codec: what a list gives out comes back as the same key, and anything else is a 400 that names
// the field, never a value that reaches the database.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import {
  CreatedAtCursorSchema,
  decodeCursor,
  decodeReadableKey,
  encodeCursor,
  encodeReadableKey,
} from './content-cursor.ts';

const key = { createdAt: '2026-03-01T10:20:30.123456Z', id: '01JNZ8Q4M6V0S1W2X3Y4Z5A6B7' };

function refusal(decode: () => unknown): string {
  try {
    decode();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('bad-request');
    return (error as AppError).message;
  }
  throw new Error('decoded what it should have refused');
}

describe('opaque cursors', () => {
  it('round-trips the key a list gave out, as text a URL carries unescaped', () => {
    const cursor = encodeCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, CreatedAtCursorSchema)).toEqual(key);
  });

  it('refuses a tampered cursor, naming the field it came in', () => {
    const tampered = encodeCursor(key).slice(0, -3);
    expect(refusal(() => decodeCursor(tampered, CreatedAtCursorSchema))).toBe(
      'lastEvaluatedKey: not a cursor this list gave out',
    );
    expect(refusal(() => decodeCursor('garbage', CreatedAtCursorSchema, 'nextToken'))).toBe(
      'nextToken: not a cursor this list gave out',
    );
  });

  it('refuses a cursor of the wrong shape, and keys PostgreSQL would refuse', () => {
    for (const value of [
      { id: key.id },
      { ...key, createdAt: 'yesterday' },
      { ...key, createdAt: '0000-01-01T00:00:00Z' },
      { ...key, id: 'a\u0000b' },
      { ...key, id: 'x'.repeat(65) },
      [key.createdAt, key.id],
    ]) {
      expect(refusal(() => decodeCursor(encodeCursor(value), CreatedAtCursorSchema))).toMatch(
        /^lastEvaluatedKey: /,
      );
    }
  });
});

describe('readable keys (comments)', () => {
  it('round-trips as plain JSON a client can read', () => {
    const text = encodeReadableKey(key);
    expect(JSON.parse(text)).toEqual(key);
    expect(decodeReadableKey(text, CreatedAtCursorSchema)).toEqual(key);
  });

  it('names what is wrong with a bad key', () => {
    expect(refusal(() => decodeReadableKey('{"createdAt":', CreatedAtCursorSchema))).toBe(
      'lastEvaluatedKey: not JSON',
    );
    expect(
      refusal(() => decodeReadableKey(JSON.stringify({ ...key, id: 'a\u0000' }), CreatedAtCursorSchema)),
    ).toBe('lastEvaluatedKey: id: no NUL character');
    expect(refusal(() => decodeReadableKey(JSON.stringify({ id: key.id }), CreatedAtCursorSchema))).toMatch(
      /^lastEvaluatedKey: createdAt: /,
    );
    expect(refusal(() => decodeReadableKey('null', CreatedAtCursorSchema))).toMatch(/^lastEvaluatedKey: /);
  });
});
