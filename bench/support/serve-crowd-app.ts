// The server half of the crowd benchmarks (crowd.ts): the production app on the bench's database (DATABASE_URL),
// with a rate limit no user of the crowd reaches and one proxy hop trusted, so that each user signs up from an
// address of its own (the sign-up limit is per address). Prints its port; SIGTERM closes it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { openRuntime } from '../../src/server/runtime.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-crowd-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  // Production starts only with it (decision 0049); the port is picked at listen.
  PUBLIC_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'info',
  DATABASE_URL: process.env.DATABASE_URL,
  RATE_LIMIT_MAX: '100000000',
  TRUST_PROXY_HOPS: '1',
});
const log = createLogger(config, '/dev/null');
const runtime = await openRuntime(config, log);
const app = await createApp({ ...runtime, logger: log, clientDir: null });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await runtime.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
