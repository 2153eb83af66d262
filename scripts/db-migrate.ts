// `npm run db:migrate`: apply pending migrations to DATABASE_URL, or to the PGlite database in DATA_DIR.
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.dataDir,
  durableCommits: config.PGLITE_DURABLE_COMMITS,
});
try {
  const applied = await migrate(database);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.');
} finally {
  await database.close();
}
