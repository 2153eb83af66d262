// Maps every error to `{ success: false, message }` with the right status. 5xx bodies never carry internals;
// an unreachable database answers 503 so that clients and load balancers can retry elsewhere.
import type { FastifyError, FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/messages.ts';
import { AppError } from '../errors.ts';
import { describeRouteValidation } from './validation.ts';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** Errors that mean the database (or another backing service) is down, not that the request is wrong. */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code)) return true;
    // Postgres classes 08 (connection exception) and 57P (operator intervention: shutdown, cannot connect now).
    if (/^(08|57P)/.test(code)) return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    error.message,
  );
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'request failed');
      // A reason (such as auth/wrong-password) is the stable code clients branch on; else the generic code.
      const reason = error.details?.reason;
      const code = typeof reason === 'string' ? reason : error.code;
      return reply.status(error.status).send({ success: false, message: error.message, code });
    }
    if (error.validation) {
      return reply.status(400).send({
        success: false,
        message: describeRouteValidation(error)?.message ?? error.message,
        code: 'bad-request',
      });
    }
    if (isUnavailableError(error)) {
      request.log.error({ err: error }, 'backing service unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ success: false, message: SERVER_MESSAGES.unavailable, code: 'unavailable' });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send({ success: false, message: SERVER_MESSAGES.internal, code: 'internal' });
    }
    if (status === 429) {
      return reply
        .status(429)
        .send({ success: false, message: SERVER_MESSAGES.tooManyRequests, code: 'too-many-requests' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported content type) carry safe, useful messages.
    return reply
      .status(status)
      .send({ success: false, message: error.message, code: error.code ?? 'bad-request' });
  });
}
