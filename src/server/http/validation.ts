// Validating a value the route schema could not (a JSON field inside a multipart body), with the same 400
// message a schema failure gets: the field's path and what is wrong with it.
import type { z } from 'zod';
import { SERVER_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../errors.ts';
import { findUnstorableText } from './request-text.ts';

export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  prefix = '',
): z.output<Schema> {
  const toField = (path: string[]) => [prefix, ...path].filter(Boolean).join('.') || 'body';
  // A multipart field is no request body, so the edge check (request-text.ts) has not seen it.
  const unstorable = findUnstorableText(value);
  if (unstorable !== undefined) {
    throw new AppError(
      'bad-request',
      SERVER_MESSAGES.validation(toField([unstorable]), SERVER_MESSAGES.unstorableText),
    );
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = toField((issue?.path ?? []).map(String));
  throw new AppError('bad-request', SERVER_MESSAGES.validation(field, issue?.message ?? 'is invalid'));
}
