// Once per run of the server project, before any test file (decision 0068): on PGlite, makes sure the migrated
// data directory's dump exists; on PostgreSQL (TEST_DATABASE_URL), migrates one template database that every
// test file's database is copied from, and drops it at the end. A template left by a crashed run is dropped
// by a later one; a template of a run still going (another checkout on the same server) is left alone.
import { ulid } from 'ulid';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import {
  adminQuery,
  databaseUrl,
  pgliteTemplate,
  TEMPLATE_DATABASE_ENV,
  TEST_DATABASE_URL,
} from './test-database.ts';
import { dropLeftoverDatabases } from './server-databases.ts';

const TEMPLATE_PREFIX = 'lootklip_template_';
/** Older than this, a template's run is over: no run of the suite takes this long. */
const LEFTOVER_AGE_MS = 6 * 60 * 60 * 1000;

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (!TEST_DATABASE_URL) {
    await pgliteTemplate();
    return undefined;
  }
  await dropLeftoverDatabases(TEST_DATABASE_URL, TEMPLATE_PREFIX, LEFTOVER_AGE_MS);
  const name = `${TEMPLATE_PREFIX}${ulid().toLowerCase()}`;
  await adminQuery(`create database ${name}`);
  try {
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    // Copying needs the template without connections: nothing may connect to it from now on.
    await adminQuery(`alter database ${name} with allow_connections false`);
  } catch (error) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    throw error;
  }
  process.env[TEMPLATE_DATABASE_ENV] = name;
  return async () => {
    delete process.env[TEMPLATE_DATABASE_ENV];
    await adminQuery(`drop database if exists ${name} with (force)`);
  };
}
