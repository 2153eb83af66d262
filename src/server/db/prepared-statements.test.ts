// Statements marked PREPARED (plan-hints.ts; decision 0038) run as named prepared statements on PostgreSQL, at most
// PREPARED_PER_CONNECTION_MAX per connection; unmarked ones stay unnamed there. PGlite prepares every statement
// (decision 0021), marked or not. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test/test-database.ts';
import { PREPARED } from './plan-hints.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** The statements prepared on the connection the work runs on, and what the work answered. */
async function onOneConnection<T>(work: (db: TestDatabase['database']['db']) => Promise<T>) {
  return t.database.db.connection().execute(async (db) => {
    const answer = await work(db);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      db,
    );
    return { answer, prepared: rows.map((row) => row.statement) };
  });
}

describe('prepared statements', () => {
  it('runs a marked statement as a named prepared statement with its values, each call the same answer', async () => {
    const marked = (n: number) =>
      sql<{
        doubled: number;
        label: string;
      }>`select ${n}::int * 2 as doubled, 'marked, "quoted"' as label ${sql.raw(PREPARED)}`;
    const { answer, prepared } = await onOneConnection(async (db) => {
      const first = await marked(2).execute(db);
      const second = await marked(21).execute(db);
      return [...first.rows, ...second.rows];
    });
    expect(answer).toEqual([
      { doubled: 4, label: 'marked, "quoted"' },
      { doubled: 42, label: 'marked, "quoted"' },
    ]);
    expect(prepared.filter((text) => text.includes(`'marked, "quoted"'`))).toHaveLength(1);
  });

  it.skipIf(!TEST_DATABASE_URL)(
    'leaves unmarked statements unnamed on PostgreSQL, and past 64 marked ones per connection runs them unnamed',
    async () => {
      const { answer, prepared } = await onOneConnection(async (db) => {
        const plain = await sql<{ n: number }>`select 7 as n, 'unmarked' as label`.execute(db);
        const many = [];
        for (let index = 0; index < 80; index += 1) {
          const { rows } = await sql<{
            n: number;
          }>`select ${index}::int as n, ${sql.lit(`many ${index}`)} as label ${sql.raw(PREPARED)}`.execute(
            db,
          );
          many.push(rows[0]!.n);
        }
        return { plain: plain.rows[0]!.n, many };
      });
      expect(answer.plain).toBe(7);
      expect(answer.many).toEqual(Array.from({ length: 80 }, (_, index) => index));
      expect(prepared.some((text) => text.includes("'unmarked'"))).toBe(false);
      const manyPrepared = prepared.filter((text) => text.includes("'many "));
      // Other marked statements may have been prepared on this connection before: at most 64 in all.
      expect(prepared.filter((text) => text.endsWith(PREPARED)).length).toBeLessThanOrEqual(64);
      expect(manyPrepared.length).toBeGreaterThan(0);
      expect(manyPrepared.length).toBeLessThan(80);
    },
  );
});
