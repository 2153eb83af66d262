// One log line per request, with its id, the signed-in user (when known), status and time. Routes that load
// balancers poll many times a second (health and readiness) opt out with `config: { accessLog: false }`: their
// lines would outnumber real traffic and tell nothing; a failed readiness check still logs its own warning.
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no access-log line for this route. */
    accessLog?: boolean;
  }
}

export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.accessLog === false) return done();
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        userId: request.userId,
      },
      'request',
    );
    done();
  });
}
