// The one way a value that failed its schema becomes a 400 message: the field's path and what is wrong with it
// (`price: Too small: expected number to be >=0`). Route schemas (through the error handler and the identity
// routes' handler), JSON inside a multipart body, settings patches and the services all answer with it.
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { AppError } from '../errors.ts';
import { findUnstorableText } from './request-text.ts';

/** What a zod issue says, as zod and fastify-type-provider-zod carry it. */
type SchemaIssue = {
  path: readonly PropertyKey[];
  message: string;
  code?: string | undefined;
  keys?: readonly string[] | undefined;
};

export type SchemaProblem = { field: string; problem: string; message: string };

/**
 * The field an issue is about and the message that names it. Unknown keys of a strict schema name themselves;
 * `prefix` is where the value sits (a multipart field, a settings category); `whole` names the value itself.
 */
export function describeSchemaIssue(
  issue: SchemaIssue | undefined,
  { prefix = '', whole }: { prefix?: string; whole: string },
): SchemaProblem {
  const path =
    issue?.code === 'unrecognized_keys' && issue.keys ? [issue.keys.join(', ')] : (issue?.path ?? []);
  const field = [prefix, ...path.map(String)].filter(Boolean).join('.') || whole;
  const problem = issue?.message ?? 'is invalid';
  return { field, problem, message: SERVER_MESSAGES.validation(field, problem) };
}

/** The first problem of a route schema's failure (body, querystring, params or headers), or undefined for others. */
export function describeRouteValidation(error: FastifyError): SchemaProblem | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const first = error.validation[0];
  const issue = first && {
    path: first.instancePath.split('/').filter(Boolean),
    message: first.message ?? 'is invalid',
    code: first.keyword,
    keys: (first.params as { keys?: string[] }).keys,
  };
  return describeSchemaIssue(issue, { whole: error.validationContext || 'request' });
}

/** The parsed value, or a 400 AppError naming the first field that does not fit. */
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
  const { message } = describeSchemaIssue(parsed.error.issues[0], { prefix, whole: 'body' });
  throw new AppError('bad-request', message);
}
