// Keyset paging in SQL (docs/architecture.md "Data"): a list ordered on (created_at, id) continues after the last
// row's key, so a page costs the same at any depth. The cursor's codec is the content module's (decision 0058).
import { sql, type RawBuilder } from 'kysely';

/** The key of a row a page ended on: its created_at as text (to the microsecond) and its id. */
export interface KeysetPosition {
  createdAt: string;
  id: string;
}

/** A timestamptz as an ISO text in UTC to the microsecond (a Date keeps only milliseconds): a cursor's sort key. */
export function toSortKey(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows past `position` on the table aliased `alias`, in the list's order on (created_at, id): older ones when the
 * list is newest first ('desc'), newer ones when it is oldest first ('asc').
 */
export function isPast(
  alias: string,
  position: KeysetPosition,
  direction: 'asc' | 'desc' = 'desc',
): RawBuilder<boolean> {
  const key = sql`(${sql.ref(`${alias}.created_at`)}, ${sql.ref(`${alias}.id`)})`;
  const bound = sql`(${position.createdAt}::timestamptz, ${position.id})`;
  return direction === 'desc' ? sql<boolean>`${key} < ${bound}` : sql<boolean>`${key} > ${bound}`;
}
