// The server process: config, the port bound at once, runtime, demo seed, HTTP, in-process jobs, and a graceful
// shutdown. Until the app listens, the starting server answers on the port (startup/startup-server.ts).
import module from 'node:module';
import { createApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { closeGracefully } from './http/graceful-close.ts';
import { createLogger, flushLogger } from './logger.ts';
import { createRuntimeWorker, openRuntime, type Runtime } from './runtime.ts';
import { isDatabaseEmpty, seedDemoMarketplace } from './seed/seed-demo.ts';
import { STARTUP_MESSAGES } from './startup/startup-messages.ts';
import { exitOnListenError, openStartupServerOrExit } from './startup/startup-server.ts';
import { createStartupTimings } from './startup/startup-timings.ts';

/** After the drain and the requests in flight: for the job in hand and the database's checkpoint. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

const timings = createStartupTimings();
timings.end('boot');
const config = loadConfigOrExit();
const log = createLogger(config);
// Before anything slow: a port in use ends the start now, not after the seed (decision 0051).
const startup = await openStartupServerOrExit({ port: config.PORT, host: config.HOST });
timings.end('port');
startup.report({ step: STARTUP_MESSAGES.openingDatabase });

let runtime: Runtime;
try {
  runtime = await openRuntime(config, log, timings);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (config.SEED_DEMO && (await isDatabaseEmpty(runtime.database))) {
  log.info('empty database: seeding the demo marketplace (once; a minute or two on two cores)');
  flushLogger(log);
  await seedDemoMarketplace({ ...runtime, log, onProgress: startup.report });
  timings.end('seed');
}

startup.report({ step: STARTUP_MESSAGES.startingApp });
const app = await createApp({ ...runtime, logger: log });
await app.ready();
const worker = createRuntimeWorker(runtime, log);
if (config.JOBS_IN_PROCESS) await worker.start();
timings.end('app');

let shuttingDown = false;
async function shutDown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  const startedAt = performance.now();
  log.info({ signal }, 'shutting down: finishing requests and jobs');
  flushLogger(log);
  const forced = setTimeout(
    () => {
      log.error('shutdown took too long; exiting');
      flushLogger(log);
      process.exit(1);
    },
    config.SHUTDOWN_DRAIN_MS + config.REQUEST_TIMEOUT_MS + SHUTDOWN_TIMEOUT_MS,
  );
  forced.unref();
  // A lame-duck drain, then every request taken is answered (http/graceful-close.ts, decision 0055); then the job
  // in hand finishes, and the database is checkpointed and closed, which releases the data directory.
  await closeGracefully(app, {
    // Ctrl-C in a terminal has no load balancer to wait for.
    drainMs: signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_MS : 0,
    requestsWithinMs: config.REQUEST_TIMEOUT_MS,
    log,
  });
  await worker.stop();
  await runtime.close();
  log.info({ ms: Math.round(performance.now() - startedAt) }, 'stopped cleanly');
  flushLogger(log);
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown('SIGTERM'));
process.on('SIGINT', () => void shutDown('SIGINT'));

// The port changes hands: closed by the starting server, bound again by the app a moment later (decision 0051).
await startup.close();
await app
  .listen({ port: startup.port, host: config.HOST })
  .catch((error: unknown) => exitOnListenError(error, { port: startup.port, host: config.HOST }));
timings.end('listen');
const url = `http://localhost:${startup.port}`;
log.info(
  { url, database: runtime.database.kind, ms: Math.round(performance.now()), phases: timings.phases },
  `Lootklip is running at ${url} (ready in ${(performance.now() / 1000).toFixed(1)} s: ${timings.describe()})`,
);
flushLogger(log); // the start-up lines now, not with the next block of request lines
// With Node's compile cache on (npm start, or NODE_COMPILE_CACHE): the modules are compiled now, so write them out now,
// not at exit, which a kill -9 never reaches (decision 0051).
module.flushCompileCache();
