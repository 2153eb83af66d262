// Durable commits on the embedded database (decision 0032): on by default, each commit reaches the disk through a
// real fsync, and they can be turned off.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { createPGliteClient } from './pglite-durability.ts';

const dirs: string[] = [];

function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-durability-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function getSetting(database: Database, name: string): Promise<string> {
  const { rows } = await sql<{ value: string }>`select current_setting(${name}) as value`.execute(
    database.db,
  );
  return rows[0]!.value;
}

describe('durable commits', () => {
  it('are on by default: Postgres syncs its WAL with fsync', async () => {
    const database = await openDatabase({ dataDir: makeDataDir() });
    try {
      expect(await getSetting(database, 'fsync')).toBe('on');
      expect(await getSetting(database, 'wal_sync_method')).toBe('fsync');
    } finally {
      await database.close();
    }
  });

  it('can be turned off', async () => {
    const database = await openDatabase({ dataDir: makeDataDir(), durableCommits: false });
    try {
      expect(await getSetting(database, 'fsync')).toBe('off');
    } finally {
      await database.close();
    }
  });

  it('reach the real fsync once per commit at least', async () => {
    let syncs = 0;
    const client = await createPGliteClient(path.join(makeDataDir(), 'pg'), {
      extensions: {},
      durableCommits: true,
      onSync: () => (syncs += 1),
    });
    try {
      await client.exec('create table notes (id serial primary key, body text)');
      const before = syncs;
      for (let i = 0; i < 10; i += 1)
        await client.query('insert into notes (body) values ($1)', [`note ${i}`]);
      expect(syncs - before).toBeGreaterThanOrEqual(10);
    } finally {
      await client.close();
    }
  });
});
