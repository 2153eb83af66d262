// Maps every error to `{ success: false, message }` with the right status. 5xx bodies never carry internals;
// an unreachable database answers 503 so that clients and load balancers can retry elsewhere. Fastify's own early
// answers (a URL the router cannot decode, a request HTTP cannot parse) get the same shape and security headers.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { buildBaseSecurityHeaders } from './security.ts';
import { answerStorageFull, isStorageFullError } from './storage-full.ts';
import { describeRouteValidation } from './validation.ts';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';

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

/** The router's errors, answered before any hook (and so before the security headers' hook) runs. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string; code: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: SERVER_MESSAGES.badUrl, code: 'bad-request' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: SERVER_MESSAGES.urlPartTooLong, code: 'uri-too-long' },
};

/** Fastify's frameworkErrors option: the router's early answers in the app's shape, with the security headers. */
export function createFrameworkErrorHandler(config: Config) {
  const headers = buildBaseSecurityHeaders(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = FRAMEWORK_ERRORS[error.code];
    if (!known) request.log.error({ err: error }, 'request failed before routing');
    const { status, message, code } = known ?? {
      status: 500,
      message: SERVER_MESSAGES.internal,
      code: 'internal',
    };
    return reply
      .headers(headers)
      .header('x-request-id', request.id)
      .status(status)
      .send({ success: false, message, code });
  };
}

/**
 * Fastify's clientErrorHandler option: a request Node's HTTP parser refuses (headers too large, a broken request
 * line) never reaches Fastify, so the answer is written to the socket here, in the app's shape and with the
 * security headers, and the connection is closed.
 */
export function createClientErrorHandler(config: Config) {
  const headers = buildBaseSecurityHeaders(config);
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // Reset or already gone: there is no one to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message, code] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, SERVER_MESSAGES.headersTooLarge, 'header-too-large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, SERVER_MESSAGES.requestTimeout, 'request-timeout']
          : [400, SERVER_MESSAGES.badRequest, 'bad-request'];
    const body = JSON.stringify({ success: false, message, code });
    const lines = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(error);
  };
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
    if (isStorageFullError(error)) {
      request.log.error({ err: error }, 'storage full');
      return reply.send(answerStorageFull(reply));
    }
    if (isUnavailableError(error)) {
      request.log.error({ err: error }, 'backing service unavailable');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
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
