// What openDatabase answers, whichever driver is behind it (pglite-database.ts, postgres-database.ts): Kysely over
// the one database, a session for migrations, LISTEN, a ping for readiness, and close.
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** One database session, for work that must stay on one connection (migrations under an advisory lock). */
export interface Session {
  exec(script: string): Promise<void>;
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
}

/** What listen() calls: each NOTIFY's payload, and (PostgreSQL) a new connection after one dropped. */
export interface NotificationHandlers {
  onNotify(payload: string): void;
  /** Notifications sent while the connection was down are lost: the listener should look for missed work. */
  onReconnect?(): void;
}

export interface Listening {
  close(): Promise<void>;
}

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  withSession<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /**
   * LISTENs on channel: PGlite's own listener, or on PostgreSQL one dedicated connection outside the pool that is
   * opened again (with back-off) whenever it drops. Resolves once the first LISTEN is in place.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  ping(timeoutMs?: number): Promise<void>;
  /** True once the database can never answer again in this process (an embedded PANIC, decision 0050). */
  isBroken(): boolean;
  close(): Promise<void>;
}

/** Channel names are identifiers in LISTEN; only plain ones are allowed so they need no quoting. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel name: ${channel}`);
}
