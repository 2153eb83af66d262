// Closing (SIGTERM) so that every request the server took gets its answer before its socket closes (decisions 0033
// and 0055): a lame-duck drain first (not ready, listener still open, every answer `Connection: close`), then the
// listener closes, idle sockets close, and the requests in flight finish, bounded by the request deadline.
import net from 'node:net';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** A socket's requests: whether one is being received or answered, and whether it has sent bytes since. */
interface SocketState {
  inFlight: number;
  served: number;
  /** socket.bytesRead when its last answer ended: more read since means a request is arriving. */
  bytesReadAtRest: number;
}

export interface ClosingState {
  /** True from the start of the drain: /readyz answers 503 and every answer closes its connection. */
  isClosing(): boolean;
}

interface GracefulClose extends ClosingState {
  startClosing(): void;
  sockets: Map<Socket, SocketState>;
  /** Connections accepted so far. */
  accepted: number;
  /** While set, answers wait for it: their clients cannot connect again while the listener is being closed. */
  held: Promise<void> | undefined;
}

const closers = new WeakMap<FastifyInstance, GracefulClose>();

export function registerGracefulClose(app: FastifyInstance): ClosingState {
  let closing = false;
  let appClosing = false;
  const sockets = new Map<Socket, SocketState>();
  const closer: GracefulClose = {
    isClosing: () => closing,
    startClosing: () => (closing = true),
    sockets,
    accepted: 0,
    held: undefined,
  };
  closers.set(app, closer);
  // app.close() alone (tests, or a second signal) still closes connections after their answers.
  app.addHook('preClose', (done) => {
    closing = true;
    appClosing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    if (closer.held) void closer.held.then(() => done(null, payload));
    else done(null, payload);
  });
  // Under app.close() alone, an answer whose headers went out before the close keeps its connection open: close it
  // once idle (closeGracefully has closed every connection before it calls app.close()).
  app.addHook('onResponse', (_request, _reply, done) => {
    if (appClosing) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
  app.addHook('onReady', (done) => {
    app.server.on('connection', (socket: Socket) => {
      closer.accepted += 1;
      sockets.set(socket, { inFlight: 0, served: 0, bytesReadAtRest: 0 });
      socket.once('close', () => sockets.delete(socket));
    });
    app.server.on('request', (request, response) => {
      const state = sockets.get(request.socket);
      if (!state) return;
      state.inFlight += 1;
      response.once('close', () => {
        state.inFlight -= 1;
        state.served += 1;
        state.bytesReadAtRest = request.socket.bytesRead;
      });
    });
    done();
  });
  return closer;
}

function isIdle(socket: Socket, state: SocketState): boolean {
  return state.inFlight === 0 && socket.bytesRead === state.bytesReadAtRest;
}

export interface CloseGracefullyOptions {
  /** How long the listener stays open, not ready, after closing starts (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** How long requests in flight may take after the listener closed: the request deadline. */
  requestsWithinMs: number;
  log: FastifyBaseLogger;
}

/** How long a connection accepted without a request yet is given to send one (its bytes are usually on the way). */
const NEW_CONNECTION_GRACE_MS = 1000;
const IDLE_CHECK_INTERVAL_MS = 50;
/** No connection accepted for this long, and then in one more poll phase: the kernel's queue is empty. */
const ACCEPT_QUEUE_QUIET_MS = 20;
/** Answers are held at most this long: clients that keep opening connections still meet the closed listener. */
const HOLD_ANSWERS_MAX_MS = 2000;

async function waitForEmptyAcceptQueue(closer: GracefulClose): Promise<void> {
  const startedAt = performance.now();
  for (;;) {
    const accepted = closer.accepted;
    await new Promise((resolve) => setTimeout(resolve, ACCEPT_QUEUE_QUIET_MS));
    // The check phase comes right after a poll phase, which accepts every connection queued by then.
    await new Promise((resolve) => setImmediate(resolve));
    if (closer.accepted === accepted || performance.now() - startedAt >= HOLD_ANSWERS_MAX_MS) return;
  }
}

/**
 * The lame-duck shutdown (decision 0055). Resolves once every connection is closed and the app is closed; answers
 * are never cut off, except those still running past `requestsWithinMs` (logged).
 */
export async function closeGracefully(app: FastifyInstance, options: CloseGracefullyOptions): Promise<void> {
  const closer = closers.get(app);
  if (!closer) throw new Error('registerGracefulClose(app) was not called');
  closer.startClosing();
  // Listening on: a load balancer sees /readyz 503 and stops sending, and connections the kernel has accepted (its
  // queue grows while the event loop is busy) are taken and answered instead of reset when the listener closes.
  await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  // Closing the listener resets the connections the kernel has queued for it, and clients that connect again after
  // each answer keep that queue full: answers wait until the queue has been seen empty, then the listener closes.
  let release: () => void = () => {};
  closer.held = new Promise<void>((resolve) => (release = resolve));
  const holdingSince = performance.now();
  const acceptedBefore = closer.accepted;
  await waitForEmptyAcceptQueue(closer);
  const listenerClosed = new Promise<void>((resolve) =>
    // net's close, not http's: http's also destroys every idle connection at once, including those accepted a
    // moment ago whose first request has not been read yet. Resolves when the last connection has closed.
    net.Server.prototype.close.call(app.server, () => resolve()),
  );
  closer.held = undefined;
  release();
  const closedAt = performance.now();
  options.log.info(
    {
      answersHeldMs: Math.round(closedAt - holdingSince),
      acceptedMeanwhile: closer.accepted - acceptedBefore,
      connections: closer.sockets.size,
    },
    'stopped listening: answering the requests in flight',
  );
  const closeIdle = () => {
    const sinceClose = performance.now() - closedAt;
    for (const [socket, state] of closer.sockets) {
      if (!isIdle(socket, state)) continue;
      // A kept-alive connection had the whole drain to send its next request; a new one is given a moment.
      if (state.served > 0 || sinceClose >= NEW_CONNECTION_GRACE_MS) socket.destroy();
    }
  };
  closeIdle();
  const sweeper = setInterval(closeIdle, IDLE_CHECK_INTERVAL_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), options.requestsWithinMs);
  });
  const outcome = await Promise.race([listenerClosed, timedOut]);
  clearInterval(sweeper);
  clearTimeout(timer);
  if (outcome === 'timed out') {
    const cut = [...closer.sockets.values()].filter((state) => state.inFlight > 0).length;
    options.log.warn(
      { cut },
      'requests still running past the request deadline at shutdown: connections cut',
    );
    for (const socket of closer.sockets.keys()) socket.destroy();
    await listenerClosed;
  }
  await app.close();
}
