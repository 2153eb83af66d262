// Migration 0011 on a database that already has refresh-token families: each becomes a session, revoked only when
// every one of its tokens was, so that a refresh cookie from before the upgrade still works (and gets ID tokens
// with a session) while no revoked family comes back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../migrations');
const MIGRATION = '0011_track_sessions.sql';

let before: string;
let t: TestDatabase;

beforeAll(async () => {
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-migrations-'));
  for (const name of await listMigrations()) {
    if (name < MIGRATION) fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(before, name));
  }
  t = await createTestDatabase({ migrations: before });
});
afterAll(async () => {
  await t?.drop();
  fs.rmSync(before, { recursive: true, force: true });
});

describe('migration 0011_track_sessions', () => {
  it('makes a session of every refresh-token family, revoked only when all its tokens are', async () => {
    const { db } = t.database;
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'u1@example.in', username: 'u.one', full_name: 'U', display_name: 'U' })
      .execute();
    const day = 24 * 60 * 60 * 1000;
    const token = (id: string, family: string, expiresInDays: number, revoked: boolean) => ({
      id,
      user_id: 'u1',
      family_id: family,
      token_hash: `hash-${id}`,
      expires_at: new Date(Date.now() + expiresInDays * day),
      rotated_at: null,
      revoked_at: revoked ? new Date() : null,
    });
    await db
      .insertInto('refresh_tokens')
      .values([
        // A live session that rotated once: the old token is spent, the new one live.
        { ...token('t1', 'live', 30, false), rotated_at: new Date() },
        token('t2', 'live', 30, false),
        // A signed-out session.
        token('t3', 'ended', 20, true),
        token('t4', 'ended', 20, true),
      ])
      .execute();

    expect(await migrate(t.database)).toEqual([MIGRATION, ...(await listLater())]);

    const sessions = await db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'revoked_at'])
      .orderBy('id')
      .execute();
    expect(sessions.map(({ id, user_id, revoked_at }) => [id, user_id, revoked_at !== null])).toEqual([
      ['ended', 'u1', true],
      ['live', 'u1', false],
    ]);
    // A token of a family that has no session cannot exist any more.
    await expect(
      db
        .insertInto('refresh_tokens')
        .values(token('t5', 'no-such-session', 30, false))
        .execute(),
    ).rejects.toThrow();
  });
});

async function listLater(): Promise<string[]> {
  return (await listMigrations()).filter((name) => name > MIGRATION);
}
