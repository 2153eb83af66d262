// The full app on a bench's database, listening on a free loopback port: production settings, no rate limit to
// speak of, and lists cached for as long as a bench asks (0: every request goes to the database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { createJobsRepository } from '../../src/server/jobs/jobs.repository.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createStorage } from '../../src/server/storage/create-storage.ts';

/** The app on the database, every list cached for listCacheMs (0: every request goes to the database). */
export async function startBenchApp(database: Database, listCacheMs = 0) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-app-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production starts only with it (decision 0049); the port is picked at listen.
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '100000000',
    LIST_CACHE_MS: String(listCacheMs),
  });
  const app = await createApp({
    config,
    database,
    storage: createStorage(config),
    jobs: createJobsRepository(database.db),
    logger: createLogger(config, '/dev/null'),
    clientDir: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
