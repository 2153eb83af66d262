// `npm run worker`: runs jobs (video transcoding, ...) in a process of its own, beside or instead of the
// in-process worker. Any number of these can share one PostgreSQL database.
import { loadConfig } from './config.ts';
import { createLogger, flushLogger } from './logger.ts';
import { createRuntimeWorker, openRuntime } from './runtime.ts';

const config = loadConfig();
const log = createLogger(config);
const runtime = await openRuntime(config, log);
const worker = createRuntimeWorker(runtime, log, { concurrency: 1 });
await worker.start();
log.info({ database: runtime.database.kind }, 'worker started');

async function shutDown(): Promise<void> {
  await worker.stop();
  await runtime.close();
  flushLogger(log);
  process.exit(0);
}
process.on('SIGTERM', () => void shutDown());
process.on('SIGINT', () => void shutDown());
