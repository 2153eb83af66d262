// A fresh, migrated database per test file: in-memory PGlite, or a new database on the PostgreSQL server of
// TEST_DATABASE_URL (dropped afterwards) so the same suite runs against both. Neither runs the migrations per
// file (decision 0068): PGlite starts from a dump of a data directory migrated once (kept in tmp/, keyed by the
// migrations' contents and PGlite's version), PostgreSQL copies the run's template database (global-setup.ts).
// A migration's own test (`migrations:`) still migrates an empty database itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type pg from 'pg';
import { ulid } from 'ulid';
import { openDatabase, type Database } from '../db/database.ts';
import { listMigrations, migrate } from '../db/migrate.ts';
import { queryServer } from './server-databases.ts';

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The run's migrated template database on TEST_DATABASE_URL's server, set by global-setup.ts. */
export const TEMPLATE_DATABASE_ENV = 'TEST_DATABASE_TEMPLATE';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MIGRATIONS_DIR = path.join(ROOT, 'migrations');
const PGLITE_TEMPLATE_DIR = path.join(ROOT, 'tmp/test-database-template');

/** `migrations`: a folder of migrations to apply instead of all of them (a migration's own test). */
export async function createTestDatabase(options: { migrations?: string } = {}): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase(
      options.migrations
        ? {}
        : { loadDataDir: new Blob([await fs.promises.readFile(await pgliteTemplate())]) },
    );
    if (options.migrations) await migrate(database, options.migrations);
    return { database, url: undefined, drop: () => database.close() };
  }
  const template = options.migrations ? undefined : process.env[TEMPLATE_DATABASE_ENV];
  const name = `lootklip_test_${ulid().toLowerCase()}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = databaseUrl(name);
  const database = await openDatabase({ url, poolSize: 5 });
  if (!template) await migrate(database, options.migrations);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on TEST_DATABASE_URL's server, on a connection of its own. */
export function adminQuery(text: string): Promise<pg.QueryResult> {
  return queryServer(TEST_DATABASE_URL!, text);
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The path of a tarball of a PGlite data directory holding exactly what migrate() leaves (schema_migrations
 * included), built when the migrations or PGlite changed. Several workers may build it at once: each writes its
 * own file and renames it into place, so a reader never sees half of one.
 */
export async function pgliteTemplate(): Promise<string> {
  const file = path.join(PGLITE_TEMPLATE_DIR, `pglite-${await templateKey()}.tar`);
  if (fs.existsSync(file)) return file;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-template-'));
  try {
    const database = await openDatabase({ dataDir, durableCommits: false });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    const client = await PGlite.create(path.join(dataDir, 'pg'), { extensions: { pg_trgm } });
    let dump: Blob;
    try {
      dump = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    fs.mkdirSync(PGLITE_TEMPLATE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${ulid()}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    removeOldTemplates(file);
    return file;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Dumps of earlier migrations (an hour old: a run that may still read one has ended), 42 MB each. */
function removeOldTemplates(current: string): void {
  for (const name of fs.readdirSync(PGLITE_TEMPLATE_DIR)) {
    const file = path.join(PGLITE_TEMPLATE_DIR, name);
    if (file === current) continue;
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > 60 * 60 * 1000) fs.rmSync(file, { force: true });
  }
}

/** Hash of every migration's name and contents and of PGlite's version (its data directory's format). */
async function templateKey(): Promise<string> {
  const hash = crypto.createHash('sha256');
  const pglitePackage = path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json');
  hash.update((JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version);
  for (const name of await listMigrations(MIGRATIONS_DIR)) {
    hash.update(`\0${name}\0`);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  return hash.digest('hex').slice(0, 16);
}
