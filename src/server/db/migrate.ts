// Applies migrations/NNNN_*.sql in order, each in its own transaction, under a Postgres advisory lock so that
// several instances starting together apply each file once. Applied files are never edited.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');
const MIGRATION_LOCK_KEY = 7_344_201_113;
const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+\.sql$/;

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  const names = (await fs.readdir(dir)).filter((name) => MIGRATION_NAME.test(name));
  return names.sort();
}

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await listMigrations(dir);
  return database.withSession(async (session) => {
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const applied = new Set(
        (await session.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
      );
      const appliedNow: string[] = [];
      for (const name of files.filter((file) => !applied.has(file))) {
        const script = await fs.readFile(path.join(dir, name), 'utf8');
        await session.exec('begin');
        try {
          await session.exec(script);
          await session.query('insert into schema_migrations (name) values ($1)', [name]);
          await session.exec('commit');
        } catch (error) {
          await session.exec('rollback');
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        appliedNow.push(name);
      }
      return appliedNow;
    } finally {
      await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
