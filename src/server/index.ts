// The server process: config, runtime, demo seed, HTTP, in-process jobs, and a graceful shutdown.
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { closeGracefully } from './http/graceful-close.ts';
import { createLogger, flushLogger } from './logger.ts';
import { createRuntimeWorker, openRuntime, type Runtime } from './runtime.ts';
import { isDatabaseEmpty, seedDemoMarketplace } from './seed/seed-demo.ts';

/** After the drain and the requests in flight: for the job in hand and the database's checkpoint. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger(config);

let runtime: Runtime;
try {
  runtime = await openRuntime(config, log);
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
  await seedDemoMarketplace({ ...runtime, log });
}

const app = await createApp({ ...runtime, logger: log });
const worker = createRuntimeWorker(runtime, log);
if (config.JOBS_IN_PROCESS) await worker.start();

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

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
log.info(
  { url: `http://localhost:${port}`, database: runtime.database.kind },
  `Lootklip is running at http://localhost:${port}`,
);
flushLogger(log); // the start-up lines now, not with the next block of request lines
