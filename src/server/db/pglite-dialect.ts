// A Kysely dialect over embedded PGlite. PGlite is one session, so a connection is lent to one caller at a
// time: a transaction's statements never interleave with another request's.
//
// Queries run as named prepared statements, parsed and described once per SQL text: PGlite's own query() parses,
// describes and plans every statement anew in five round trips into WebAssembly, where planning alone can cost
// more than running the query (decision 0021). Postgres replans a prepared statement itself after schema changes.
// Statements marked PLAN_FOR_EACH_CALL (plan-hints.ts) run unprepared, so that they are planned for their values.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { PGLITE_YIELD_AFTER_MS } from '../../shared/constants.ts';
import { isPlannedForEachCall } from './plan-hints.ts';

/** Statements worth keeping: plain data access (not transaction control, DDL or maintenance). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/** Distinct statements kept per database; past this, new ones run unprepared. */
const MAX_PREPARED_STATEMENTS = 500;
/** "cached plan must not change result type": a table's columns changed under a `select *` statement. */
const FEATURE_NOT_SUPPORTED = '0A000';

/** What the driver knows of the embedded database's health, shared with its owner (database.ts). */
export interface PGliteState {
  /** Postgres's PANIC, once one came: the next query on this instance would never return. */
  fatal: Error | undefined;
}

/** Postgres's admin_shutdown: the error handler answers 503 for it (class 57P), as for a database that is down. */
const DATABASE_STOPPED = '57P01';

/**
 * A backend that PANICs (say, its next WAL file cannot be written for lack of space) would be restarted by a real
 * Postgres; PGlite's one backend hands the PANIC back and then spins for good on the next query, with the event
 * loop and every request behind it. So after a PANIC no query reaches it again (decision 0050).
 */
export function noteFatal(state: PGliteState, error: unknown): void {
  if ((error as { severity?: unknown }).severity === 'PANIC') state.fatal ??= error as Error;
}

/** Throws the 57P01 error once a PANIC came: every path to the instance checks this before calling it. */
export function assertNotFatal(state: PGliteState): void {
  if (state.fatal) {
    throw Object.assign(
      new Error('The embedded database stopped after a fatal error: restart the process', {
        cause: state.fatal,
      }),
      { code: DATABASE_STOPPED },
    );
  }
}

type PreparedStatement = { name: string; paramTypes: number[] };

function concatMessages(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGlite;
  readonly #statements = new Map<string, PreparedStatement>();
  /** Texts Postgres would not prepare (say, a parameter whose type it cannot infer): run as PGlite runs them. */
  readonly #unpreparable = new Set<string>();
  /** Names are never reused: a statement dropped from the map keeps its name in the session. */
  #namesGiven = 0;
  readonly #state: PGliteState;

  constructor(client: PGlite, state: PGliteState) {
    this.#client = client;
    this.#state = state;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    assertNotFatal(this.#state);
    try {
      return await this.#executeQuery<R>(compiledQuery);
    } catch (error) {
      noteFatal(this.#state, error);
      throw error;
    }
  }

  async #executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const statement = await this.#prepare(sql);
    let result: Results<R>;
    try {
      result = statement
        ? await this.#execute<R>(statement, parameters)
        : await this.#client.query<R>(sql, [...parameters]);
    } catch (error) {
      if (!statement || (error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
      this.#statements.delete(sql);
      this.#unpreparable.add(sql);
      result = await this.#client.query<R>(sql, [...parameters]);
    }
    return {
      rows: result.rows,
      ...(result.affectedRows !== undefined ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
    };
  }

  async #prepare(text: string): Promise<PreparedStatement | undefined> {
    const known = this.#statements.get(text);
    if (known) return known;
    if (
      !PREPARABLE.test(text) ||
      isPlannedForEachCall(text) ||
      this.#unpreparable.has(text) ||
      this.#statements.size >= MAX_PREPARED_STATEMENTS
    ) {
      return undefined;
    }
    this.#namesGiven += 1;
    const name = `lk_${this.#namesGiven}`;
    try {
      const { messages } = await this.#client.execProtocol(
        concatMessages([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
      );
      const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
      this.#statements.set(text, statement);
      return statement;
    } catch (error) {
      noteFatal(this.#state, error);
      if (this.#state.fatal) throw error;
      this.#unpreparable.add(text);
      return undefined;
    }
  }

  /** Bind, describe and run a prepared statement in one round trip, its values serialized as PGlite would. */
  async #execute<R>(
    { name, paramTypes }: PreparedStatement,
    parameters: readonly unknown[],
  ): Promise<Results<R>> {
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = this.#client.serializers[paramTypes[index]!];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await this.#client.execProtocol(
      concatMessages([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, this.#client.parsers)[0] as Results<R>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  /** The connection's holder and those waiting for it. */
  #holders = 0;
  /** When the queries' current slice of the thread began. */
  #sliceStartedAt = performance.now();

  constructor(client: PGlite, state: PGliteState) {
    this.#client = client;
    this.#connection = new PGliteConnection(client, state);
  }

  async init(): Promise<void> {
    await this.#client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    const waited = this.#holders > 0;
    this.#holders += 1;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    // Postgres runs on this thread. Handed over through promises alone, a queue of waiting queries ran back to back
    // and no socket was read meanwhile: a request arriving then could be neither answered nor shed until the whole
    // queue was done. After PGLITE_YIELD_AFTER_MS of queries back to back, a turn of the event loop lets it in. A turn
    // after every query gave the database one query per turn (its throughput fell with the sockets open); a slice
    // as long as the last turn made shed answers wait seconds (decision 0050).
    if (!waited) {
      // The first query after an idle spell starts a slice: the idle time is not the queries' time.
      this.#sliceStartedAt = performance.now();
    } else if (performance.now() - this.#sliceStartedAt >= PGLITE_YIELD_AFTER_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.#sliceStartedAt = performance.now();
    }
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    this.#holders -= 1;
    release?.();
  }

  async destroy(): Promise<void> {
    // The owner of the PGlite instance closes it (after a CHECKPOINT).
  }
}

export class PGliteDialect implements Dialect {
  readonly #client: PGlite;
  readonly #state: PGliteState;

  constructor(client: PGlite, state: PGliteState = { fatal: undefined }) {
    this.#client = client;
    this.#state = state;
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#client, this.#state);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
