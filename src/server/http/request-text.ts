// Text PostgreSQL cannot store: a NUL character (text and jsonb refuse it) and an unpaired UTF-16 surrogate (it has
// no UTF-8 form; jsonb refuses its escape, text gets it silently replaced). Checked once, at the edge, for every
// route, so that such text is a 400 naming the field instead of a 500 from the database.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { AppError } from '../errors.ts';

const isStorableText = (text: string) => text.isWellFormed() && !text.includes('\u0000');

/** A key as it can be shown in a message: its refused characters as JSON escapes. */
const showKey = (key: string) => (isStorableText(key) ? key : JSON.stringify(key).slice(1, -1));

/** Where a value sits: its key and its parent's place, so that a path costs nothing until one is shown. */
type Place = { key: string; parent: Place | undefined } | undefined;

function toPath(place: Place): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * The dotted path of the first string (or object key) in value that PostgreSQL refuses, '' for value itself;
 * undefined when there is none. Walks without recursion and in time proportional to the value's size, however
 * deep it nests: this runs on every body before its schema, so a crafted body must not make it slow.
 */
export function findUnstorableText(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; place: Place }> = [{ value, place: undefined }];
  while (pending.length > 0) {
    const { value: current, place } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return toPath(place);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        pending.push({ value: current[index], place: { key: String(index), parent: place } });
      }
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (!isStorableText(key)) return toPath({ key: showKey(key), parent: place });
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        pending.push({ value: child, place: { key, parent: place } });
      }
    }
  }
  return undefined;
}

/** Throws the 400 for value when it holds refused text; `where` names the value when the text is the whole of it. */
export function assertStorableText(value: unknown, where: string): void {
  const field = findUnstorableText(value);
  if (field === undefined) return;
  throw new AppError(
    'bad-request',
    SERVER_MESSAGES.validation(field || where, SERVER_MESSAGES.unstorableText),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Query fields of free text that is never stored (a search, decision 0082): their refused characters become
     * spaces instead of a 400, so that anything typed is answered.
     */
    freeTextQuery?: readonly string[];
  }
}

function checkRequestText(request: FastifyRequest): void {
  // Only matched routes read params, query or body; the not-found handler answers a page or a 404 from the path
  // alone (a page's preload asks the API through a route, which is checked).
  if (request.routeOptions.url === undefined) return;
  const query = request.query as Record<string, unknown> | undefined;
  for (const key of request.routeOptions.config.freeTextQuery ?? []) {
    const value = query?.[key];
    if (typeof value === 'string') query![key] = value.toWellFormed().replaceAll('\u0000', ' ');
  }
  assertStorableText(request.params, 'params');
  assertStorableText(request.query, 'querystring');
  assertStorableText(request.body, 'body');
}

/**
 * Checks the decoded path parameters, query and body of every route before its schema runs. A body that is a
 * multipart stream is read by its route, which checks its fields with parseBody (validation.ts).
 */
export function registerRequestTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequestText(request));
}
