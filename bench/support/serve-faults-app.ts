// The production app for bench/faults.ts, on a free loopback port: on embedded PGlite in the data directory given as
// the first argument (kept after the process ends, so the benchmark can count what it holds), or on PostgreSQL
// when DATABASE_URL is set. Load shedding keeps its defaults unless OVERLOAD_* is set; the per-address rate limit is
// lifted, since every benchmark connection comes from one address and the figure wanted is the shedding.
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { openRuntime } from '../../src/server/runtime.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: serve-faults-app.ts DATA_DIR');
const passed = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name.startsWith('OVERLOAD_') || name === 'DATABASE_URL'),
);
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // Production starts only with it (decision 0049); the port is picked at listen.
  PUBLIC_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'info',
  RATE_LIMIT_MAX: '1000000000',
  ...passed,
});
const log = createLogger(config, '/dev/null');
const runtime = await openRuntime(config, log);
const app = await createApp({ ...runtime, logger: log });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
process.stdout.write(`${address.port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await runtime.close();
  process.exit(0);
});
