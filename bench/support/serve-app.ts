// The production app (every plugin, request logging at info to /dev/null) on a free loopback port: on embedded
// PGlite, or on PostgreSQL when DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { openRuntime } from '../../src/server/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // Production starts only with it (decision 0049); the port is picked at listen.
  PUBLIC_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'info',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
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
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
