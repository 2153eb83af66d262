// Column shapes every table file shares: how Kysely reads and writes a timestamp and a JSON column.
import type { ColumnType } from 'kysely';

/** Read as a Date; written as a Date or ISO text, or left to the column's default. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Read parsed (both drivers parse json and jsonb); written as JSON text. */
export type Json<T> = ColumnType<T, string, string>;
