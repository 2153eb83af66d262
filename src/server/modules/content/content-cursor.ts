// The one cursor codec of GET /api/v1/content, for every type: keyset cursors (spec's lastEvaluatedKey), the sort
// key of the last row of a page as opaque base64url JSON. Each type decodes with its own schema; a cursor that
// does not decode to that shape is the client's mistake: 400, never a 500.
import type { z } from 'zod';
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
