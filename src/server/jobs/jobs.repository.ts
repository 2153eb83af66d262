// The jobs table: enqueue, claim with FOR UPDATE SKIP LOCKED under a lease, finish, and retry with back-off.
// A job whose lease ran out (its worker crashed) is claimable again.
import { sql, type Kysely } from 'kysely';
import { ulid } from 'ulid';
import type { DB, JobRow } from '../db/schema.ts';

export interface NewJob {
  type: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
}

const BASE_RETRY_DELAY_MS = 2000;
const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;

export function calculateRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

export function createJobsRepository(db: Kysely<DB>) {
  return {
    async create(job: NewJob, trx: Kysely<DB> = db): Promise<string> {
      const id = ulid();
      await trx
        .insertInto('jobs')
        .values({
          id,
          type: job.type,
          payload: JSON.stringify(job.payload),
          run_at: job.runAt ?? new Date(),
          ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
        })
        .execute();
      return id;
    },

    /** Claims the next due job, or one whose lease expired, for `leaseMs`. */
    async claim(workerId: string, leaseMs: number): Promise<JobRow | undefined> {
      const leaseUntil = new Date(Date.now() + leaseMs);
      return db.transaction().execute(async (trx) => {
        const next = await trx
          .selectFrom('jobs')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', sql<Date>`now()`)]),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '<', sql<Date>`now()`)]),
            ]),
          )
          .orderBy('run_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!next) return undefined;
        return trx
          .updateTable('jobs')
          .set({
            status: 'running',
            attempts: sql`attempts + 1`,
            locked_until: leaseUntil,
            locked_by: workerId,
            updated_at: sql`now()`,
          })
          .where('id', '=', next.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async complete(id: string): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: 'done',
          locked_until: null,
          locked_by: null,
          last_error: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async fail(job: JobRow, message: string): Promise<'retry' | 'failed'> {
      const outcome = job.attempts >= job.max_attempts ? 'failed' : 'retry';
      await db
        .updateTable('jobs')
        .set({
          status: outcome === 'failed' ? 'failed' : 'queued',
          run_at: new Date(Date.now() + calculateRetryDelayMs(job.attempts)),
          locked_until: null,
          locked_by: null,
          last_error: message.slice(0, 2000),
          updated_at: sql`now()`,
        })
        .where('id', '=', job.id)
        .execute();
      return outcome;
    },

    async get(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
