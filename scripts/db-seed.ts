// `npm run db:seed`: seed the demo marketplace into an empty database (DATABASE_URL or DATA_DIR).
import pino from 'pino';
import { loadConfig } from '../src/server/config.ts';
import { openRuntime } from '../src/server/runtime.ts';
import { isDatabaseEmpty, seedDemoMarketplace } from '../src/server/seed/seed-demo.ts';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const runtime = await openRuntime(config, log);
try {
  if (await isDatabaseEmpty(runtime.database)) {
    const { creators } = await seedDemoMarketplace({ ...runtime, log });
    console.log(`Seeded ${creators} creators.`);
  } else {
    console.log('The database already has users; nothing seeded.');
  }
} finally {
  await runtime.close();
}
