// The production app with the demo marketplace seeded (as `npm start` does on an empty database; about 1-2
// minutes) and its jobs in process (as `npm start` runs them: the demo klips' videos are drawn and transcoded after
// it listens), on a free loopback port with a temporary data directory, removed again on SIGTERM or SIGINT.
// Prints the port once it listens; request logging at info goes to /dev/null. Serves the client build in the folder
// given as the first argument (default dist/client).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { CLIENT_DIST_DIR } from '../../src/server/http/spa.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createRuntimeWorker, openRuntime, type Runtime } from '../../src/server/runtime.ts';
import { seedDemoMarketplace } from '../../src/server/seed/seed-demo.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-seeded-'));
const clientDir = process.argv[2] ?? CLIENT_DIST_DIR;
const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

async function start(): Promise<{ runtime: Runtime; close(): Promise<void> }> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    // Production starts only with it (decision 0049); the port is picked at listen.
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
  });
  const log = createLogger(config, '/dev/null');
  const runtime = await openRuntime(config, log);
  try {
    await seedDemoMarketplace({ ...runtime, log });
    const app = await createApp({ ...runtime, logger: log, clientDir });
    const worker = createRuntimeWorker(runtime, log);
    await worker.start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(`${(app.server.address() as { port: number }).port}\n`);
    return {
      runtime,
      close: async () => {
        await app.close();
        await worker.stop();
      },
    };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}

let server: Awaited<ReturnType<typeof start>> | undefined;

async function stop(): Promise<void> {
  if (server) {
    await server.close();
    await server.runtime.close();
  }
  removeDataDir();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

try {
  server = await start();
} catch (error) {
  removeDataDir();
  throw error;
}
