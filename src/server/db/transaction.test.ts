// The services' transaction (decision 0026) on PGlite, or PostgreSQL with TEST_DATABASE_URL: all or nothing across
// tables, and a service called inside another's transaction joins it instead of committing on its own.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { runInTransaction, runOnOneConnection, type Executor } from './transaction.ts';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(() => testDatabase.drop());

async function addUserWithPassword(executor: Executor, id: string) {
  await executor
    .insertInto('users')
    .values({ id, email: `${id}@example.in`, username: id })
    .execute();
  await executor.insertInto('credentials').values({ user_id: id, password_hash: 'hash' }).execute();
}

async function countRows(id: string) {
  const { db } = testDatabase.database;
  const { rows } = await sql<{ users: string; credentials: string }>`select
    (select count(*) from users where id = ${id}) as users,
    (select count(*) from credentials where user_id = ${id}) as credentials`.execute(db);
  return { users: Number(rows[0]!.users), credentials: Number(rows[0]!.credentials) };
}

describe('runInTransaction', () => {
  it('commits writes to several tables together', async () => {
    await runInTransaction(testDatabase.database.db, (tx) => addUserWithPassword(tx, 'tx-commit'));
    expect(await countRows('tx-commit')).toEqual({ users: 1, credentials: 1 });
  });

  it('rolls every table back when the work throws after writing', async () => {
    await expect(
      runInTransaction(testDatabase.database.db, async (tx) => {
        await addUserWithPassword(tx, 'tx-rollback');
        throw new Error('refused after writing');
      }),
    ).rejects.toThrow('refused after writing');
    expect(await countRows('tx-rollback')).toEqual({ users: 0, credentials: 0 });
  });

  it('joins the transaction it is given, so the outer one still rolls back everything', async () => {
    await expect(
      runInTransaction(testDatabase.database.db, async (tx) => {
        await runInTransaction(tx, (inner) => addUserWithPassword(inner, 'tx-joined'));
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(await countRows('tx-joined')).toEqual({ users: 0, credentials: 0 });
  });
});

describe('runOnOneConnection', () => {
  it('runs every statement of its work on one connection while others use the pool, each committed on its own', async () => {
    const { db } = testDatabase.database;
    const backend = (executor: Executor) =>
      sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(executor).then(({ rows }) => rows[0]!.pid);
    const pids = await runOnOneConnection(db, async (connection) => {
      const seen = [await backend(connection)];
      for (let round = 0; round < 5; round += 1) {
        // Other work on the pool meanwhile (PostgreSQL: PGlite's one connection is this one, and other work waits
        // for it) takes other connections, never this one.
        if (testDatabase.database.kind === 'postgres') {
          await Promise.all([backend(db), backend(db), backend(db)]);
        }
        await addUserWithPassword(connection, `one-connection-${round}`);
        seen.push(await backend(connection));
      }
      return seen;
    });
    expect(new Set(pids).size).toBe(1);
    // No transaction: each write stands, as the work wrote it.
    expect(await countRows('one-connection-4')).toEqual({ users: 1, credentials: 1 });
  });

  it('joins the transaction it is given', async () => {
    await expect(
      runInTransaction(testDatabase.database.db, async (tx) => {
        await runOnOneConnection(tx, (connection) => addUserWithPassword(connection, 'one-connection-tx'));
        throw new Error('after the work');
      }),
    ).rejects.toThrow('after the work');
    expect(await countRows('one-connection-tx')).toEqual({ users: 0, credentials: 0 });
  });
});
