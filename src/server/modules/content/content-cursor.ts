// The one cursor codec of every cursor list (GET /api/v1/content for every type, the Loot Box list, comments): a
// keyset cursor is the sort key of the last row of a page. Lists give it out opaque (base64url JSON); comments give
// it out as readable JSON, as docs/product.md "Klip interactions API" shows (decision 0059). Each list decodes with
// its own schema; a cursor that does not decode to that shape is the client's mistake: 400, never a 500.
import { z } from 'zod';
import { AppError } from '../../errors.ts';

/** The query field a cursor came in, so a refusal names it. */
export type CursorField = 'lastEvaluatedKey' | 'nextToken';

export function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An opaque cursor this list gave out, or a 400 naming the field: the client has nothing to learn from its shape. */
export function decodeCursor<T>(
  cursor: string,
  schema: z.ZodType<T>,
  field: CursorField = 'lastEvaluatedKey',
): T {
  const result = schema.safeParse(parseJson(Buffer.from(cursor, 'base64url').toString('utf8')));
  if (!result.success) throw new AppError('bad-request', `${field}: not a cursor this list gave out`);
  return result.data;
}

/** The readable key of the comments list: the same sort key as plain JSON. */
export function encodeReadableKey(value: unknown): string {
  return JSON.stringify(value);
}

/** A readable key, or a 400 naming the field and what is wrong with it (not JSON, or which part is not the shape). */
export function decodeReadableKey<T>(
  text: string,
  schema: z.ZodType<T>,
  field: CursorField = 'lastEvaluatedKey',
): T {
  const parsed = parseJson(text);
  if (parsed === undefined) throw new AppError('bad-request', `${field}: not JSON`);
  const result = schema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new AppError(
      'bad-request',
      `${field}: ${where}${issue?.message ?? 'not a key this list gave out'}`,
    );
  }
  return result.data;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
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

/** The sort key most lists page by: newest first, the id breaking ties. */
export const CreatedAtCursorSchema = z.object({ createdAt: CursorTimestampSchema, id: CursorIdSchema });
