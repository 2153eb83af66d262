// One log line per request, with its id, the signed-in user (when known), status and time. Routes that load
// balancers poll many times a second (health and readiness) opt out with `config: { accessLog: false }`: their
// lines would outnumber real traffic and tell nothing; a failed readiness check still logs its own warning.
// A request whose client went away before its response was sent (a cut-off upload, a closed tab) never reaches
// onResponse: it gets its line when the connection closes, marked aborted. The URL is logged with the values of
// secret query parameters hidden (a reset link's token, a sign-in callback's code: decision 0049).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { redactSecretQueryValues } from './redact-url.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no access-log line for this route. */
    accessLog?: boolean;
  }
}

/** nginx's "client closed request": no status was sent, this says why. */
const CLIENT_CLOSED_REQUEST = 499;
/** Requests already logged: a reply sent after the client left can still end in onResponse (a write error). */
const logged = new WeakSet<FastifyRequest>();

export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.accessLog === false) return done();
    // Gone already (an earlier hook waited): the close event has passed.
    if (request.raw.destroyed && !reply.raw.writableFinished) writeLine(request, reply, true);
    reply.raw.once('close', () => {
      // A finished response is onResponse's to log.
      if (!reply.raw.writableFinished) writeLine(request, reply, true);
    });
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config.accessLog === false) return done();
    writeLine(request, reply, false);
    done();
  });
}

function writeLine(request: FastifyRequest, reply: FastifyReply, aborted: boolean): void {
  if (logged.has(request)) return;
  logged.add(request);
  request.log.info(
    {
      method: request.method,
      url: redactSecretQueryValues(request.url),
      status: aborted ? CLIENT_CLOSED_REQUEST : reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      userId: request.userId,
      ...(aborted && { aborted: true }),
    },
    'request',
  );
}
