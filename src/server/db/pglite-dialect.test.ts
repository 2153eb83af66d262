// The PGlite dialect's prepared statements against a real in-memory PGlite: values of every kind the app binds
// go in and come back as PGlite's own query() gives them, errors still surface with Postgres's codes, and a
// statement outlives a change to its table.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database.ts';
import { PLAN_FOR_EACH_CALL } from './plan-hints.ts';

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
  await sql`create table things (
    id text primary key, tags text[] not null, data jsonb, price numeric(12, 2), seen timestamptz, active boolean
  )`.execute(database.db);
});
afterAll(() => database.close());

const insertThing = (
  id: string,
  values: { tags: string[]; data: unknown; price: number; seen: Date | null },
) =>
  sql`insert into things (id, tags, data, price, seen, active)
    values (${id}, ${values.tags}, ${JSON.stringify(values.data)}, ${values.price}, ${values.seen}, ${true})`.execute(
    database.db,
  );

describe('PGlite dialect', () => {
  it('binds arrays, JSON, numbers, dates and nulls the same on every run of a statement', async () => {
    const seen = new Date('2026-11-24T10:00:00.000Z');
    await insertThing('a', { tags: ['red', 'with "quotes"', 'a,b'], data: { n: 1 }, price: 12.5, seen });
    await insertThing('b', { tags: [], data: [1, 2], price: 0, seen: null });
    const read = (id: string) =>
      sql<{
        tags: string[];
        data: unknown;
        price: string;
        seen: Date | null;
        active: boolean;
      }>`select tags, data, price, seen, active from things where id = ${id}`.execute(database.db);
    for (let run = 0; run < 3; run += 1) {
      expect((await read('a')).rows).toEqual([
        { tags: ['red', 'with "quotes"', 'a,b'], data: { n: 1 }, price: '12.50', seen, active: true },
      ]);
      expect((await read('b')).rows).toEqual([
        { tags: [], data: [1, 2], price: '0.00', seen: null, active: true },
      ]);
    }
    const updated = await sql`update things set price = price + ${1} where id in (${'a'}, ${'b'})`.execute(
      database.db,
    );
    expect(updated.numAffectedRows).toBe(2n);
  });

  it("surfaces Postgres's errors with their codes and goes on working", async () => {
    const duplicate = insertThing('a', { tags: [], data: null, price: 1, seen: null });
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    const count = await sql<{ n: number }>`select count(*)::int as n from things where id = ${'a'}`.execute(
      database.db,
    );
    expect(count.rows).toEqual([{ n: 1 }]);
  });

  it('keeps answering a `select *` statement after its table gains a column', async () => {
    const all = () => sql`select * from things where id = ${'a'}`.execute(database.db);
    expect(Object.keys((await all()).rows[0] as object)).not.toContain('note');
    await sql`alter table things add column note text default 'hi'`.execute(database.db);
    expect((await all()).rows[0]).toMatchObject({ id: 'a', note: 'hi' });
  });

  it('prepares statements once, except those marked to be planned for each call', async () => {
    const prepared = async () =>
      (
        await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db)
      ).rows.map((row) => row.statement);
    for (let run = 0; run < 3; run += 1) {
      const plain = await sql<{ id: string }>`select id from things where price >= ${0} order by id`.execute(
        database.db,
      );
      const marked = await sql<{
        id: string;
      }>`select id from things where price >= ${0} order by id desc ${sql.raw(PLAN_FOR_EACH_CALL)}`.execute(
        database.db,
      );
      expect(plain.rows.map((row) => row.id)).toEqual(['a', 'b']);
      expect(marked.rows.map((row) => row.id)).toEqual(['b', 'a']);
    }
    const statements = await prepared();
    expect(statements).toContain('select id from things where price >= $1 order by id');
    expect(statements.filter((text) => text.includes(PLAN_FOR_EACH_CALL))).toEqual([]);
  });

  it('lets the event loop take its turn between queries waiting for the one connection', async () => {
    // Embedded Postgres runs on this thread: handed from one waiting query to the next through promises alone, a
    // queue of them ran back to back and no socket was read meanwhile, so an arriving request could be neither
    // answered nor shed until the whole queue was done (decision 0050).
    // Each query sleeps 5 ms in Postgres: the queue holds 200 ms of work, run in slices of about 10 ms.
    const finished: number[] = [];
    const queries = Array.from({ length: 40 }, (_, index) =>
      sql`select ${index}::int as n, pg_sleep(0.005)`.execute(database.db).then(() => finished.push(index)),
    );
    const finishedAtNextTurn = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(finished.length)),
    );
    await Promise.all(queries);
    expect(finished).toHaveLength(40);
    expect(finishedAtNextTurn).toBeLessThan(20);
  });

  it('gives the first queries after an idle spell a whole slice before the event loop gets its turn', async () => {
    await sql`select 1`.execute(database.db);
    // Idle for longer than a slice: the slice that ended with the last query must not count against the next ones.
    await new Promise<void>((resolve) => setTimeout(resolve, 30));
    let turned = false;
    setImmediate(() => (turned = true));
    await Promise.all([sql`select 1`.execute(database.db), sql`select 2`.execute(database.db)]);
    expect(turned).toBe(false);
  });
});
