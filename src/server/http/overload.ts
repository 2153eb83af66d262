// Load shedding (docs/decisions/0034-overload-and-idempotency.md): past a limit a request is answered 503 with
// Retry-After at once, before its body is read, instead of waiting in a queue until the client times out.
// Two signals: @fastify/under-pressure watches the event loop (its delay and, when set, its utilisation: embedded
// PGlite runs on this thread, so a database that cannot keep up shows there), and our own count of requests in
// flight bounds the queue in front of the database, whichever database it is (API requests; media streams do not
// count).
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * False for the health probes: a busy process is alive, and shedding its liveness probe would get it restarted
     * in the middle of its work; readiness reports the database, which is what decides whether it can serve.
     */
    shedUnderLoad?: boolean;
  }
}

/** The app's error shape, with the security headers the onRequest hook before this one has set. */
function answerOverloaded(reply: FastifyReply) {
  reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS));
  return { success: false as const, message: SERVER_MESSAGES.overloaded, code: 'unavailable' };
}

type PressureHandler = NonNullable<FastifyUnderPressureOptions['pressureHandler']>;

const isExempt = (request: FastifyRequest) => request.routeOptions.config.shedUnderLoad === false;

export type OverloadConfig = Pick<
  Config,
  'OVERLOAD_MAX_IN_FLIGHT' | 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS' | 'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION'
>;

/** Registered right after the security headers, before rate limits, sign-in checks and body parsing. */
export async function registerOverloadShedding(app: FastifyInstance, config: OverloadConfig): Promise<void> {
  if (config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS > 0 || config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      // The last second's utilisation, not the average since start: a busy minute an hour ago says nothing now.
      eventLoopUtilizationMode: 'interval',
      // Returning nothing lets the request through; any other value is sent as the answer (the plugin's README;
      // its types only say void).
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply) =>
        isExempt(request) ? undefined : answerOverloaded(reply)) as unknown as PressureHandler,
    });
  }

  const maxInFlight = config.OVERLOAD_MAX_IN_FLIGHT;
  if (maxInFlight === 0) return;
  let inFlight = 0;
  // What holds each admitted request's slot: its response until 'close', and its handler until it settles. A
  // response closes early when the request deadline answers 503 or the client hangs up, while the handler's queries
  // go on; the slot comes back only when both are done, so the cap bounds the work running, not the answers open.
  const holds = new WeakMap<FastifyRequest, { count: number }>();
  const release = (request: FastifyRequest) => {
    const held = holds.get(request);
    if (!held) return;
    held.count -= 1;
    if (held.count === 0) inFlight -= 1;
  };
  app.addHook('onRequest', (request, reply, done) => {
    // The API's requests only: media and the client's files never wait for the database, and a video watched for
    // minutes must not hold a slot meant for queries (the event-loop check still covers them).
    if (isExempt(request) || !request.url.startsWith('/api/')) return done();
    if (inFlight >= maxInFlight) return void reply.send(answerOverloaded(reply));
    inFlight += 1;
    holds.set(request, { count: 1 });
    // 'close' comes once per response, finished or aborted, so the count never leaks a slot.
    reply.raw.once('close', () => release(request));
    done();
  });
  // Registered before any route, so it wraps them all (routes of plugins registered later included).
  app.addHook('onRoute', (routeOptions) => {
    const handler = routeOptions.handler;
    routeOptions.handler = function handleHoldingSlot(this: FastifyInstance, request, reply) {
      const held = holds.get(request);
      if (held) {
        // The response may have closed before the handler began (the client left during a preHandler): its work
        // still runs, so it takes the slot again.
        if (held.count === 0) inFlight += 1;
        held.count += 1;
      }
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        release(request);
        throw error;
      }
      // A handler that answers through reply.send returns nothing: its work ends with its response.
      if (result instanceof Promise) return result.finally(() => release(request));
      release(request);
      return result;
    } as typeof handler;
  });
}
