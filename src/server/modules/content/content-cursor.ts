// The one cursor codec of GET /api/v1/content, for every type: keyset cursors (spec's lastEvaluatedKey), the sort
// key of the last row of a page as opaque base64url JSON. Each type decodes with its own schema; a cursor that
// does not decode to that shape is the client's mistake: 400, never a 500.
import { z } from 'zod';
import { AppError } from '../../errors.ts';

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw new AppError('bad-request', 'lastEvaluatedKey: not a cursor this list gave out');
  return result.data;
}

/**
 * A row's timestamp in a cursor, as the repositories write it (UTC, to the microsecond). Years 0001-9999 only: an
 * ISO text outside them (0000-01-01T00:00:00Z) passes z.iso.datetime() but PostgreSQL's timestamptz refuses it, so a
 * forged cursor would otherwise reach the database and fail there (a 500) instead of being refused here (a 400).
 */
export const CursorTimestampSchema = z.iso
  .datetime()
  .refine((text) => Number(text.slice(0, 4)) >= 1, 'a year from 0001 to 9999');

/** A row's id in a cursor: PostgreSQL's text cannot hold a NUL character, so one is a forged cursor too. */
export const CursorIdSchema = z
  .string()
  .max(64)
  .refine((text) => !text.includes('\u0000'), 'no NUL character');
