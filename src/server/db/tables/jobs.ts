// Row type of the job queue (jobs) as Kysely sees it.
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Json, Timestamp } from './column-types.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  type: string;
  payload: Json<Record<string, unknown>>;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: Timestamp;
  locked_until: Date | null;
  locked_by: string | null;
  last_error: string | null;
  /** Unique among queued and running jobs: enqueueing a live key again adds nothing. */
  dedupe_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type JobRow = Selectable<JobsTable>;
