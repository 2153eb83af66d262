// Closing (SIGTERM) with keep-alive clients connected: answers in flight finish and carry `Connection: close`, and a
// connection is closed as soon as it falls idle, so the server stops when the last answer is out instead of waiting
// for clients to hang up (Node's server.close() waits for every open connection, keep-alive ones included).
import type { FastifyInstance } from 'fastify';

export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  // Before Fastify stops listening and closes the connections idle at that moment (forceCloseConnections: 'idle').
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // An answer whose headers went out before the close keeps its connection open afterwards: close it once idle.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}
