// A fresh, migrated database per test file: in-memory PGlite, or a new database on the PostgreSQL server of
// TEST_DATABASE_URL (dropped afterwards) so the same suite runs against both.
import pg from 'pg';
import { ulid } from 'ulid';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** `migrations`: a folder of migrations to apply instead of all of them (a migration's own test). */
export async function createTestDatabase(options: { migrations?: string } = {}): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({});
    await migrate(database, options.migrations);
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `lootklip_test_${ulid().toLowerCase()}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrate(database, options.migrations);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
