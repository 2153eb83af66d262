// The port, bound the moment the process starts (decision 0051): a port in use stops the start at once, before the
// client build, the migrations and the demo seed; while they run every request gets an answer that says so
// (docs/product.md "First start"). When the app is ready, this server frees the port and the app listens on it.
import http from 'node:http';
import { RETRY_AFTER_SECONDS } from '../../shared/constants.ts';
import { STARTUP_MESSAGES } from './startup-messages.ts';
import { STARTUP_PAGE_CSP, renderStartupPage } from './startup-page.ts';
import type { StartupProgress } from './startup-progress.ts';

/** Paths whose answer a script or a program reads: JSON, never the page. */
const NOT_PAGE_PREFIXES = ['/api/', '/media/', '/assets/', '/.well-known/'];

/** The port could not be bound: its message says why and what to do. */
export class StartupListenError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'StartupListenError';
    this.code = code;
  }
}

export interface StartupServer {
  /** The bound port (the chosen one when PORT=0). */
  port: number;
  report(progress: StartupProgress): void;
  /** Stops listening and closes its connections, so that the app can listen on the port. */
  close(): Promise<void>;
}

function explainListenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  if (error.code === 'EADDRINUSE')
    return new StartupListenError(STARTUP_MESSAGES.portInUse(host, port), error.code);
  if (error.code === 'EACCES')
    return new StartupListenError(STARTUP_MESSAGES.portNotAllowed(host, port), error.code);
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new StartupListenError(STARTUP_MESSAGES.hostNotAvailable(host), error.code);
  }
  return error;
}

function sendJson(response: http.ServerResponse, status: number, body: unknown, head: boolean): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...(status === 503 && { 'retry-after': String(RETRY_AFTER_SECONDS) }),
  });
  response.end(head ? undefined : text);
}

export function handleStartupRequest(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  progress: StartupProgress,
): void {
  const path = (request.url ?? '/').split('?')[0]!;
  const head = request.method === 'HEAD';
  // Every answer closes its connection: none is left open for the app to inherit when it takes the port.
  response.setHeader('connection', 'close');
  response.setHeader('x-content-type-options', 'nosniff');
  // Alive: a liveness probe must not restart a process that is seeding. Not ready: nothing to serve yet.
  if (path === '/healthz') return sendJson(response, 200, { success: true, status: 'starting' }, head);
  const notReady = { success: false, message: STARTUP_MESSAGES.notReady(progress.step), progress };
  if (path === '/readyz') return sendJson(response, 503, notReady, head);
  const wantsPage =
    (request.method === 'GET' || head) && !NOT_PAGE_PREFIXES.some((prefix) => path.startsWith(prefix));
  if (!wantsPage) return sendJson(response, 503, notReady, head);
  const html = renderStartupPage(progress);
  response.writeHead(503, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'retry-after': String(RETRY_AFTER_SECONDS),
    'content-security-policy': STARTUP_PAGE_CSP,
    'referrer-policy': 'no-referrer',
  });
  response.end(head ? undefined : html);
}

/** Binds host:port now, or throws a StartupListenError that says why it cannot. */
export async function listenStartupServer(options: {
  port: number;
  host: string;
  progress?: StartupProgress;
}): Promise<StartupServer> {
  let progress: StartupProgress = options.progress ?? { step: STARTUP_MESSAGES.openingDatabase };
  const server = http.createServer((request, response) => handleStartupRequest(request, response, progress));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(explainListenError(error, options.host, options.port)),
    );
    server.listen({ port: options.port, host: options.host }, resolve);
  });
  const address = server.address();
  let closed: Promise<void> | undefined;
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    report(next) {
      progress = next;
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closed;
    },
  };
}

let processServer: Promise<StartupServer> | undefined;

/**
 * The process's one starting server: `npm start` opens it before building the client, and the server process
 * (src/server/index.ts) then takes over the one already bound, or binds it when started on its own.
 */
export function openStartupServer(options: { port: number; host: string }): Promise<StartupServer> {
  processServer ??= listenStartupServer(options);
  return processServer;
}

/** As openStartupServer; a port that cannot be bound ends the process with the reason (exit code 1). */
/**
 * The app's own listen after the handover failed (the port taken in the gap, decision 0051): the same message and
 * exit as a port in use at the start, not a raw unhandled rejection.
 */
export function exitOnListenError(error: unknown, options: { port: number; host: string }): never {
  console.error(explainListenError(error as NodeJS.ErrnoException, options.host, options.port).message);
  process.exit(1);
}

export async function openStartupServerOrExit(options: {
  port: number;
  host: string;
}): Promise<StartupServer> {
  try {
    return await openStartupServer(options);
  } catch (error) {
    if (error instanceof StartupListenError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
