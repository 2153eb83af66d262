// The jobs table: enqueue (with an optional dedupe key, and a NOTIFY so idle workers start at once), claim with
// FOR UPDATE SKIP LOCKED under a lease that the worker's heartbeat extends, finish, retry with back-off, and clear
// finished jobs. A job whose lease ran out (its worker crashed) is claimable again.
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { ulid } from 'ulid';
import type { JobRow } from '../db/tables/jobs.ts';
import { runInTransaction, type Executor } from '../db/transaction.ts';

export interface NewJob {
  type: string;
  payload: Record<string, unknown>;
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is queued or running, enqueueing the key again adds nothing. */
  dedupeKey?: string;
}

/** The NOTIFY channel every enqueue signals; workers LISTEN on it (decision 0027). */
export const JOBS_CHANNEL = 'lootklip_jobs';

const BASE_RETRY_DELAY_MS = 2000;
const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;
const MAX_ERROR_LENGTH = 2000;

// Wakes the workers of this process right after an enqueue outside a transaction, without waiting for the NOTIFY
// to travel back.
const enqueuedHere = new EventEmitter();
enqueuedHere.setMaxListeners(0);

export function calculateRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Calls listener after each enqueue in this process made outside a transaction; returns the unsubscribe. */
export function onJobEnqueuedHere(listener: (type: string) => void): () => void {
  enqueuedHere.on('enqueued', listener);
  return () => enqueuedHere.off('enqueued', listener);
}

export function createJobsRepository(db: Executor) {
  return {
    /**
     * Queues a job and returns its id; with a dedupeKey that a queued or running job already holds, returns that
     * job's id and queues nothing. The NOTIFY is sent with the insert, so inside a transaction it goes out at commit;
     * outside one, this process's workers are also woken directly.
     */
    async create(job: NewJob, trx: Executor = db): Promise<string> {
      for (;;) {
        const inserted = await trx
          .insertInto('jobs')
          .values({
            id: ulid(),
            type: job.type,
            payload: JSON.stringify(job.payload),
            run_at: job.runAt ?? new Date(),
            dedupe_key: job.dedupeKey ?? null,
            ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
          })
          // The arbiter names the partial unique index by its column and predicate (migration 0010).
          .onConflict((conflict) =>
            conflict
              .column('dedupe_key')
              .where(sql<boolean>`status in ('queued', 'running')`)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          await sql`select pg_notify(${JOBS_CHANNEL}, ${job.type})`.execute(trx);
          // Inside a caller's transaction the job is not visible until commit: a worker woken now would look
          // too early and miss it. The NOTIFY, sent at commit, wakes the workers then.
          if (!trx.isTransaction) enqueuedHere.emit('enqueued', job.type);
          return inserted.id;
        }
        const live = await trx
          .selectFrom('jobs')
          .select('id')
          .where('dedupe_key', '=', job.dedupeKey!)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirst();
        if (live) return live.id;
        // The holder finished between the insert and the select: the key is free again, so insert once more.
      }
    },

    /**
     * Claims the next due job of the given types (all types when omitted), or one whose lease ran out, for
     * `leaseMs`. A worker claims only types it has handlers for, so an older instance leaves newer jobs alone.
     */
    async claim(workerId: string, leaseMs: number, types?: readonly string[]): Promise<JobRow | undefined> {
      if (types && types.length === 0) return undefined;
      return runInTransaction(db, async (trx) => {
        let query = trx
          .selectFrom('jobs')
          .select('id')
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', sql<Date>`now()`)]),
              eb.and([eb('status', '=', 'running'), eb('locked_until', '<', sql<Date>`now()`)]),
            ]),
          );
        if (types) query = query.where('type', 'in', types);
        const next = await query.orderBy('run_at').limit(1).forUpdate().skipLocked().executeTakeFirst();
        if (!next) return undefined;
        return trx
          .updateTable('jobs')
          .set({
            status: 'running',
            attempts: sql`attempts + 1`,
            locked_until: sql`now() + ${leaseMs} * interval '1 millisecond'`,
            locked_by: workerId,
            updated_at: sql`now()`,
          })
          .where('id', '=', next.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * The heartbeat: pushes the lease of a job this worker still holds `leaseMs` past now. False when the lease
     * was lost (it ran out and another worker claimed the job), so the caller stops working on it.
     */
    async extendLease(job: Pick<JobRow, 'id' | 'locked_by'>, leaseMs: number): Promise<boolean> {
      const result = await db
        .updateTable('jobs')
        .set({ locked_until: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_by', '=', job.locked_by)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks a job done; only its current holder can, so a worker that lost the lease changes nothing. */
    async complete(job: Pick<JobRow, 'id' | 'locked_by'>): Promise<void> {
      await db
        .updateTable('jobs')
        .set({
          status: 'done',
          locked_until: null,
          locked_by: null,
          last_error: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_by', '=', job.locked_by)
        .execute();
    },

    /**
     * Records a failure: queued again after a back-off, or failed for good once attempts are used up or when
     * `retry` is false (a payload that does not parse will never parse). 'lost' when this worker no longer held it.
     */
    async fail(job: JobRow, message: string, { retry = true } = {}): Promise<'retry' | 'failed' | 'lost'> {
      const outcome = retry && job.attempts < job.max_attempts ? 'retry' : 'failed';
      const result = await db
        .updateTable('jobs')
        .set({
          status: outcome === 'failed' ? 'failed' : 'queued',
          run_at: new Date(Date.now() + calculateRetryDelayMs(job.attempts)),
          locked_until: null,
          locked_by: null,
          last_error: message.slice(0, MAX_ERROR_LENGTH),
          updated_at: sql`now()`,
        })
        .where('id', '=', job.id)
        .where('status', '=', 'running')
        .where('locked_by', '=', job.locked_by)
        .executeTakeFirst();
      // 'lost': the lease ran out and another worker holds the job now; this attempt's outcome is not recorded.
      return Number(result.numUpdatedRows) > 0 ? outcome : 'lost';
    },

    async get(id: string): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Deletes done jobs finished before doneBefore and failed ones before failedBefore; returns how many. */
    async deleteFinished({
      doneBefore,
      failedBefore,
    }: {
      doneBefore: Date;
      failedBefore: Date;
    }): Promise<number> {
      const result = await db
        .deleteFrom('jobs')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'done'), eb('updated_at', '<', doneBefore)]),
            eb.and([eb('status', '=', 'failed'), eb('updated_at', '<', failedBefore)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
