// Every request gets its answer started within REQUEST_TIMEOUT_MS. Fastify's requestTimeout (Node's) only bounds
// receiving a request, so a handler awaiting a database that went silent hung for as long as the database did.
// Fastify's own handlerTimeout is not used: it destroys a response already streaming (a long video download).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route's own deadline in milliseconds, or false for none. The upload routes use false: their work after
     * the body is received (probe, storage of up to 200 MB) is bounded step by step, and a 503 sent while it goes
     * on makes every retry a duplicate (docs/decisions/0033-pool-timeouts-and-shutdown.md).
     */
    requestDeadlineMs?: number | false;
  }
}

/** Set once the reply has begun its way out (its first onSend hook ran): from then on it is the only answer. */
const answering = new WeakSet<FastifyRequest>();

/**
 * Registered before every other onSend hook: Fastify 5 marks a reply sent only once it has ended, and headers go
 * out only after the onSend hooks (for a stream, with its first chunk), so neither says an answer is on its way.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const ownDeadline = request.routeOptions.config.requestDeadlineMs;
    if (ownDeadline === false) return done();
    const deadlineMs = ownDeadline ?? timeoutMs;
    const timer = setTimeout(() => answerLateRequest(request, reply, deadlineMs), deadlineMs).unref();
    // 'close' comes when the answer is complete or the client went away: either way nothing is left to bound.
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    answering.add(request);
    done(null, payload);
  });
}

/**
 * An answer that has begun is left to finish (streams have their own socket timeouts). A request whose body is
 * still arriving is the client's delay (408, and the connection closes); otherwise the server could not answer in
 * time (503 with Retry-After, as for an unreachable database). The handler's work goes on until it settles, bounded
 * by the database's own timeouts; Fastify logs its late result.
 */
function answerLateRequest(request: FastifyRequest, reply: FastifyReply, timeoutMs: number): void {
  if (answering.has(request) || reply.sent || reply.raw.headersSent) return;
  request.log.warn({ timeoutMs }, 'request timed out');
  // Node sets complete once the whole message (headers and body) is parsed; injected requests leave it unset.
  if (request.raw.complete === false) {
    void reply
      .status(408)
      .header('connection', 'close')
      .send({ success: false, message: SERVER_MESSAGES.requestTimeout, code: 'request-timeout' });
    return;
  }
  void reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ success: false, message: SERVER_MESSAGES.unavailable, code: 'unavailable' });
}
