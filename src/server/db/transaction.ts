// Transactions belong to services (decision 0026): a service opens one and builds the repositories it needs over
// it. Repositories are factories over an Executor (the database or an open transaction) and never open their own.
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** What a repository runs its statements on: the database itself, or a transaction a service opened. */
export type Executor = Kysely<DB>;

/**
 * Runs work in one transaction: it commits when work resolves and rolls back when it throws. Given a
 * transaction already (a service called from another's transaction, or the seed's), work joins it, so that the
 * outer one stays all-or-nothing; Kysely cannot nest transactions. The same on PGlite and PostgreSQL: Kysely
 * holds one connection for the transaction (PGlite has only one; others wait for it).
 */
export function runInTransaction<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Runs work on one connection of the pool, held from its first statement to its last, without a transaction: for
 * a few statements in a row that each stand alone (a read, then a write conditional on what it read), so that they
 * wait for a free connection once rather than once each (decision 0038). Given a transaction, work runs in it.
 */
export function runOnOneConnection<T>(db: Executor, work: (connection: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.connection().execute(work);
}
