// The template a test file's database starts from (decision 0068) holds exactly what migrate() leaves on an
// empty database: the same tables, columns, indexes, constraints, functions and applied migrations.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { listMigrations } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const SCHEMA_QUERIES = {
  columns: `select table_name, column_name, data_type, is_nullable, column_default
              from information_schema.columns where table_schema = 'public'
             order by table_name, column_name`,
  indexes: `select tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
             order by tablename, indexname`,
  constraints: `select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
                  from pg_constraint where connamespace = 'public'::regnamespace
                 order by 1, 2`,
  functions: `select proname, pg_get_function_identity_arguments(oid) as args from pg_proc
               where pronamespace = 'public'::regnamespace order by 1, 2`,
  extensions: `select extname from pg_extension order by 1`,
};

async function describeSchema(database: Database): Promise<Record<string, unknown[]>> {
  return database.withSession(async (session) => {
    const schema: Record<string, unknown[]> = {};
    for (const [name, query] of Object.entries(SCHEMA_QUERIES)) schema[name] = await session.query(query);
    schema.migrations = await session.query('select name from schema_migrations order by name');
    return schema;
  });
}

let fromTemplate: TestDatabase;
let migratedHere: TestDatabase;

beforeAll(async () => {
  fromTemplate = await createTestDatabase();
  // The migrations' own folder: the path a migration's test takes, which migrates this database itself.
  migratedHere = await createTestDatabase({
    migrations: path.resolve(import.meta.dirname, '../../../migrations'),
  });
});

afterAll(async () => {
  await fromTemplate?.drop();
  await migratedHere?.drop();
});

it('starts every test database with the schema and applied migrations that migrate() leaves', async () => {
  const expected = await describeSchema(migratedHere.database);
  expect(expected.migrations).toEqual((await listMigrations()).map((name) => ({ name })));
  expect(expected.columns?.length).toBeGreaterThan(0);
  expect(await describeSchema(fromTemplate.database)).toEqual(expected);
});
