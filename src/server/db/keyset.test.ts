// Keyset paging on a real database: the sort key keeps microseconds, and paging past a position in either
// direction visits every row once, ties on created_at broken by id.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { isPast, toSortKey, type KeysetPosition } from './keyset.ts';

let testDatabase: TestDatabase;
// Two rows share a created_at; two differ only in the microseconds a Date would drop.
const created = {
  u1: '2026-01-01T10:00:00.000001Z',
  u2: '2026-01-01T10:00:00.000002Z',
  u3: '2026-01-01T10:00:00.000002Z',
  u4: '2026-01-02T08:30:00.500000Z',
};

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  await testDatabase.database.db
    .insertInto('users')
    .values(
      Object.entries(created).map(([id, at]) => ({
        id,
        email: `${id}@example.in`,
        username: id,
        created_at: sql`${at}::timestamptz` as never,
      })),
    )
    .execute();
});
afterAll(() => testDatabase.drop());

async function readAll(direction: 'asc' | 'desc'): Promise<string[]> {
  const { db } = testDatabase.database;
  const seen: string[] = [];
  let position: KeysetPosition | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('users as u')
      .select(['u.id', toSortKey('u.created_at').as('sort_key')])
      .$if(position !== undefined, (query) => query.where(isPast('u', position!, direction)))
      .orderBy('u.created_at', direction)
      .orderBy('u.id', direction)
      .limit(1)
      .execute();
    if (rows.length === 0) return seen;
    seen.push(rows[0]!.id);
    position = { createdAt: rows[0]!.sort_key, id: rows[0]!.id };
  }
}

describe('toSortKey', () => {
  it('gives created_at in UTC to the microsecond', async () => {
    const row = await testDatabase.database.db
      .selectFrom('users as u')
      .select(toSortKey('u.created_at').as('sort_key'))
      .where('u.id', '=', 'u1')
      .executeTakeFirstOrThrow();
    expect(row.sort_key).toBe(created.u1);
  });
});

describe('isPast', () => {
  it('pages newest first through every row once', async () => {
    expect(await readAll('desc')).toEqual(['u4', 'u3', 'u2', 'u1']);
  });

  it('pages oldest first through every row once', async () => {
    expect(await readAll('asc')).toEqual(['u1', 'u2', 'u3', 'u4']);
  });
});
