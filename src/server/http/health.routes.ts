// Liveness (the process answers and its database can still work) and readiness (the database answers in time, and
// the server is not shutting down).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../shared/server-messages.ts';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';
import type { ClosingState } from './graceful-close.ts';

const READY_TIMEOUT_MS = 2000;

const HealthResponse = z.object({ success: z.boolean(), status: z.string() });
const NotReadyResponse = z.object({ success: z.literal(false), message: z.string() });

/** What readiness needs of the database (src/server/db/database.ts has it): routes never hold the database itself. */
type Pingable = { ping(timeoutMs: number): Promise<unknown>; isBroken?(): boolean };

/** Whether writes are refused for space (src/server/http/storage-full.ts). */
type StorageState = { isFull(): boolean };

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Pingable;
  freeSpace?: StorageState;
  closing?: ClosingState;
}> = async (app, { database, freeSpace, closing }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers and its database can still work',
        response: { 200: HealthResponse, 503: NotReadyResponse },
      },
      // Never shed (src/server/http/overload.ts): a busy process is alive.
      config: { rateLimit: false, accessLog: false, shedUnderLoad: false },
      // A few bytes, asked for by load balancers many times a second.
      compress: false,
    },
    async (request, reply) => {
      // An embedded database that PANICked never works again in this process (decision 0050): not alive, so an
      // orchestrator restarts it, and crash recovery at the next start brings the data back.
      if (database.isBroken?.()) {
        request.log.error('database stopped after a fatal error: not alive, restart the process');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, message: SERVER_MESSAGES.unavailable });
      }
      return { success: true, status: 'ok' };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers in time and the server is not shutting down',
        response: { 200: HealthResponse, 503: NotReadyResponse },
      },
      // Never shed: readiness answers for the database (503 when it does not answer in time), and a load balancer
      // that took every busy instance out of rotation would turn overload into an outage.
      config: { accessLog: false, shedUnderLoad: false },
      compress: false,
    },
    async (request, reply) => {
      // Not ready from the first moment of a shutdown's drain: a load balancer stops sending (decision 0055).
      if (closing?.isClosing()) {
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, message: SERVER_MESSAGES.shuttingDown });
      }
      // Not ready while writes are refused for space: a load balancer sends the traffic to an instance that can save.
      if (freeSpace?.isFull()) {
        request.log.warn('storage full: not ready');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, message: SERVER_MESSAGES.storageFull });
      }
      try {
        await database.ping(READY_TIMEOUT_MS);
        return { success: true, status: 'ready' };
      } catch (error) {
        request.log.warn({ err: (error as Error).message }, 'database not ready');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ success: false, message: SERVER_MESSAGES.unavailable });
      }
    },
  );
};
