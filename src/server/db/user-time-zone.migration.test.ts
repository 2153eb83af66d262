// Migration 0028 on a database whose users chose their zones in the settings object alone: each user row gets the
// zone as PostgreSQL spells it where PostgreSQL knows it, else 'UTC' (decision 0079).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { listMigrations, migrate } from './migrate.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../migrations');
const TIME_ZONE_MIGRATION = '0028_add_user_time_zone.sql';

let testDatabase: TestDatabase;
let before: string;

beforeAll(async () => {
  // The migrations up to the one under test, as a database deployed before it has them.
  before = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-migrations-'));
  for (const name of await listMigrations(MIGRATIONS)) {
    if (name >= TIME_ZONE_MIGRATION) break;
    fs.copyFileSync(path.join(MIGRATIONS, name), path.join(before, name));
  }
  testDatabase = await createTestDatabase({ migrations: before });
}, 120_000);

afterAll(async () => {
  await testDatabase.drop();
  fs.rmSync(before, { recursive: true, force: true });
});

describe('0028 add user time zone', () => {
  it("copies each known zone from the settings to the user row, and leaves 'UTC' otherwise", async () => {
    const { db } = testDatabase.database;
    const zones: Record<string, string | null> = {
      india: 'Asia/Kolkata',
      lower: 'asia/calcutta',
      offset: '+05:30',
      unset: null,
    };
    for (const [name, zone] of Object.entries(zones)) {
      await sql`insert into users (id, email, username)
                values (${name}, ${`${name}@example.in`}, ${name})`.execute(db);
      const settings = zone === null ? { content: { autoplay: false } } : { appearance: { timezone: zone } };
      await sql`insert into user_settings (user_id, app_settings)
                values (${name}, ${JSON.stringify(settings)}::jsonb)`.execute(db);
    }
    await sql`insert into users (id, email, username) values ('none', 'none@example.in', 'none')`.execute(db);

    expect(await migrate(testDatabase.database, MIGRATIONS)).toContain(TIME_ZONE_MIGRATION);

    const { rows } = await sql<{ id: string; time_zone: string }>`
      select id, time_zone from users order by id`.execute(db);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.time_zone]))).toEqual({
      india: 'Asia/Kolkata',
      lower: 'Asia/Calcutta',
      offset: 'UTC',
      unset: 'UTC',
      none: 'UTC',
    });
    await expect(
      sql`update users set time_zone = ${'x'.repeat(65)} where id = 'none'`.execute(db),
    ).rejects.toThrow();
  });
});
