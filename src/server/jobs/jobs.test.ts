// The jobs queue against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): claiming, retries, leases
// and their heartbeat, payload schemas, time limits, wake-up on enqueue (in-process and LISTEN/NOTIFY), dedupe
// keys, periodic jobs and the clean-up of finished jobs.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { CLEAN_UP_JOBS_JOB, CLEAN_UP_KLIP_VIEWS_JOB, createJobHandlers } from '../runtime.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../test/test-database.ts';
import { waitFor } from '../media/media.test-helpers.ts';
import {
  JOBS_DONE_RETENTION_DAYS,
  JOBS_FAILED_RETENTION_DAYS,
  KLIP_VIEWS_RETENTION_DAYS,
} from '../../shared/constants.ts';
import {
  calculateRetryDelayMs,
  createJobsRepository,
  JOBS_CHANNEL,
  onJobEnqueuedHere,
  type JobsRepository,
} from './jobs.repository.ts';
import {
  createWorker,
  defineJob,
  getPeriodDedupeKey,
  JobLeaseLostError,
  type JobHandlers,
  type Worker,
} from './worker.ts';

const log = pino({ level: 'silent' });
// Long enough that only a wake-up, never the poll, can start a job within a test.
const NEVER_POLL_MS = 60 * 60 * 1000;
let testDatabase: TestDatabase;
let jobs: JobsRepository;
const workers: Worker[] = [];

function startWorker(
  options: Omit<Parameters<typeof createWorker>[0], 'jobs' | 'log'> & { log?: FastifyBaseLogger },
): Worker {
  const worker = createWorker({ jobs, log, ...options });
  workers.push(worker);
  return worker;
}

/** A logger that keeps the messages of its warnings and errors. */
function captureLog(): { log: FastifyBaseLogger; messages: string[] } {
  const messages: string[] = [];
  const captured = pino(
    { level: 'warn' },
    { write: (line: string) => void messages.push((JSON.parse(line) as { msg: string }).msg) },
  );
  return { log: captured, messages };
}

async function hasTimedOut(id: string): Promise<boolean> {
  return (await jobs.get(id))?.last_error?.includes('time limit') ?? false;
}

const echoJob = (seen: unknown[] = []) =>
  defineJob({
    schema: z.object({ n: z.number() }).partial(),
    timeLimitMs: 10_000,
    handle: async (payload) => void seen.push(payload),
  });

async function countJobs(type: string): Promise<number> {
  const { count } = await testDatabase.database.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function isDone(id: string): Promise<boolean> {
  return (await jobs.get(id))?.status === 'done';
}

/** Queues a job the way another process would: its own connection, plain SQL, its own NOTIFY. */
async function enqueueFromAnotherConnection(type: string): Promise<string> {
  const id = ulid();
  const insert = `insert into jobs (id, type, payload) values ($1, $2, '{}'::jsonb)`;
  const notify = `select pg_notify($1, $2)`;
  if (testDatabase.url) {
    const client = new pg.Client({ connectionString: testDatabase.url });
    await client.connect();
    try {
      await client.query(insert, [id, type]);
      await client.query(notify, [JOBS_CHANNEL, type]);
    } finally {
      await client.end();
    }
  } else {
    // PGlite is one database session: the nearest thing to another connection is a raw session of its own.
    await testDatabase.database.withSession(async (session) => {
      await session.query(insert, [id, type]);
      await session.query(notify, [JOBS_CHANNEL, type]);
    });
  }
  return id;
}

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  jobs = createJobsRepository(testDatabase.database.db);
});
afterAll(() => testDatabase.drop());
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  await testDatabase.database.db.deleteFrom('jobs').execute();
});

describe('retry back-off', () => {
  it('doubles from 2 s and stops growing at 10 minutes', () => {
    expect(calculateRetryDelayMs(1)).toBe(2000);
    expect(calculateRetryDelayMs(2)).toBe(4000);
    expect(calculateRetryDelayMs(3)).toBe(8000);
    expect(calculateRetryDelayMs(30)).toBe(600_000);
  });
});

describe('jobs queue', () => {
  it('runs a job once and marks it done', async () => {
    const seen: unknown[] = [];
    const id = await jobs.create({ type: 'echo', payload: { n: 1 } });
    const worker = startWorker({ handlers: { echo: echoJob(seen) } });
    await worker.start();
    await worker.idle();
    await worker.stop();
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobs.get(id))?.status).toBe('done');
  });

  it('retries a failing job later, then gives up after max attempts', async () => {
    const id = await jobs.create({ type: 'boom', payload: {}, maxAttempts: 2 });
    const first = await jobs.claim('w1', 60_000);
    expect(first?.id).toBe(id);
    expect(await jobs.fail(first!, 'first failure')).toBe('retry');
    const queued = await jobs.get(id);
    expect(queued?.status).toBe('queued');
    expect(queued!.run_at.getTime()).toBeGreaterThan(Date.now() + 1000);
    expect(await jobs.claim('w1', 60_000)).toBeUndefined();

    await testDatabase.database.db
      .updateTable('jobs')
      .set({ run_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    const second = await jobs.claim('w1', 60_000);
    expect(second?.attempts).toBe(2);
    expect(await jobs.fail(second!, 'second failure')).toBe('failed');
    expect((await jobs.get(id))?.last_error).toBe('second failure');
  });

  it('picks up a job whose worker died (lease expired)', async () => {
    const id = await jobs.create({ type: 'echo', payload: {} });
    const claimed = await jobs.claim('dead-worker', 60_000);
    expect(claimed?.id).toBe(id);
    expect(await jobs.claim('other', 60_000)).toBeUndefined();
    await testDatabase.database.db
      .updateTable('jobs')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    const reclaimed = await jobs.claim('other', 60_000);
    expect(reclaimed?.id).toBe(id);
    expect(reclaimed?.locked_by).toBe('other');
    expect(reclaimed?.attempts).toBe(2);
    // The dead worker, should it wake up, can no longer finish or fail what it lost.
    await jobs.complete(claimed!);
    expect((await jobs.get(id))?.status).toBe('running');
  });

  it('never hands one job to two concurrent claimers', async () => {
    for (let i = 0; i < 20; i += 1) await jobs.create({ type: 'echo', payload: { i } });
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => jobs.claim(`w${i}`, 60_000)));
    const ids = claims.filter(Boolean).map((job) => job!.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('claims only the types a worker has handlers for', async () => {
    const other = await jobs.create({ type: 'newer-type', payload: {} });
    expect(await jobs.claim('w1', 60_000, ['echo'])).toBeUndefined();
    expect((await jobs.claim('w1', 60_000, ['echo', 'newer-type']))?.id).toBe(other);
  });

  it('lets the job in hand finish when stopped', async () => {
    let finish!: () => void;
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    const id = await jobs.create({ type: 'slow', payload: {} });
    const worker = startWorker({
      handlers: {
        slow: defineJob({
          schema: z.object({}),
          timeLimitMs: 60_000,
          handle: () =>
            new Promise<void>((resolve) => {
              finish = resolve;
              started();
            }),
        }),
      },
    });
    await worker.start();
    await startedPromise;
    const stopping = worker.stop();
    finish();
    await stopping;
    expect((await jobs.get(id))?.status).toBe('done');
  });
});

describe('the give-up hook', () => {
  it('runs once, with the payload and the last error, only when the last attempt fails', async () => {
    const gaveUp: unknown[] = [];
    const id = await jobs.create({ type: 'flaky', payload: { n: 3 }, maxAttempts: 2 });
    const worker = startWorker({
      handlers: {
        flaky: defineJob({
          schema: z.object({ n: z.number() }),
          timeLimitMs: 10_000,
          handle: async ({ n }) => {
            throw new Error(`storage down (${n})`);
          },
          onGiveUp: async (payload, { job, error }) => void gaveUp.push({ payload, id: job.id, error }),
        }),
      },
    });
    await worker.start();
    await worker.idle();
    expect((await jobs.get(id))?.status).toBe('queued');
    expect(gaveUp).toEqual([]);
    await testDatabase.database.db
      .updateTable('jobs')
      .set({ run_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await worker.idle();
    expect((await jobs.get(id))?.status).toBe('failed');
    expect(gaveUp).toEqual([{ payload: { n: 3 }, id, error: 'storage down (3)' }]);
  });

  it('logs a hook that throws, and the job stays failed', async () => {
    const { log: captured, messages } = captureLog();
    const id = await jobs.create({ type: 'doomed', payload: {}, maxAttempts: 1 });
    const worker = startWorker({
      log: captured,
      handlers: {
        doomed: defineJob({
          schema: z.object({}),
          timeLimitMs: 10_000,
          handle: () => Promise.reject(new Error('no')),
          onGiveUp: () => Promise.reject(new Error('hook down')),
        }),
      },
    });
    await worker.start();
    await worker.idle();
    expect((await jobs.get(id))?.status).toBe('failed');
    expect(messages).toContain('job give-up hook failed');
  });

  it("answers 'lost' to a worker whose lease another worker took, so it does not give up the job", async () => {
    const id = await jobs.create({ type: 'echo', payload: {}, maxAttempts: 1 });
    const mine = await jobs.claim('w1', 1);
    await testDatabase.database.db
      .updateTable('jobs')
      .set({ locked_until: sql`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    const theirs = await jobs.claim('w2', 60_000);
    expect(theirs?.id).toBe(id);
    expect(await jobs.fail(mine!, 'late failure')).toBe('lost');
    expect((await jobs.get(id))?.status).toBe('running');
  });
});

describe('payload schemas', () => {
  it('fails a job whose payload does not parse at once, naming the field, without calling the handler', async () => {
    const calls: unknown[] = [];
    const id = await jobs.create({ type: 'transcode', payload: { mediaid: 'm1' }, maxAttempts: 5 });
    const worker = startWorker({
      handlers: {
        transcode: defineJob({
          schema: z.object({ mediaId: z.string() }),
          timeLimitMs: 10_000,
          handle: async (payload) => void calls.push(payload),
        }),
      },
    });
    await worker.start();
    await worker.idle();
    const job = await jobs.get(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(job?.last_error).toMatch(/^Invalid payload for job transcode: mediaId: /);
    expect(calls).toEqual([]);
  });

  it('hands the handler the parsed payload (defaults applied, unknown keys dropped)', async () => {
    const seen: unknown[] = [];
    await jobs.create({ type: 'typed', payload: { a: 'x', extra: true } });
    const worker = startWorker({
      handlers: {
        typed: defineJob({
          schema: z.object({ a: z.string(), b: z.number().default(7) }),
          timeLimitMs: 10_000,
          handle: async (payload) => void seen.push(payload),
        }),
      },
    });
    await worker.start();
    await worker.idle();
    expect(seen).toEqual([{ a: 'x', b: 7 }]);
  });
});

describe('time limits and the lease', () => {
  it('fires the AbortSignal at the time limit and counts the attempt as failed', async () => {
    const reasons: unknown[] = [];
    const id = await jobs.create({ type: 'stuck', payload: {} });
    const worker = startWorker({
      handlers: {
        stuck: defineJob({
          schema: z.object({}),
          timeLimitMs: 50,
          handle: (_payload, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              signal.addEventListener('abort', () => {
                reasons.push(signal.reason);
                reject(signal.reason as Error);
              });
            }),
        }),
      },
    });
    await worker.start();
    await worker.idle();
    expect(reasons).toHaveLength(1);
    const job = await jobs.get(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job?.last_error).toMatch(/time limit of 50 ms/);
  });

  it('releases the job of a handler that ignores its signal, but keeps its slot until the handler settles', async () => {
    const { log: captured, messages } = captureLog();
    const attempts: number[] = [];
    let settleFirst!: () => void;
    const id = await jobs.create({ type: 'deaf', payload: {}, maxAttempts: 3 });
    const worker = startWorker({
      log: captured,
      pollIntervalMs: NEVER_POLL_MS,
      handlers: {
        deaf: defineJob({
          schema: z.object({}),
          timeLimitMs: 50,
          handle: (_payload, { job }) => {
            attempts.push(job.attempts);
            if (job.attempts > 1) return Promise.resolve();
            return new Promise<void>((resolve) => (settleFirst = resolve));
          },
        }),
      },
    });
    await worker.start();
    await waitFor(() => hasTimedOut(id), { what: 'the time limit' });
    expect(await jobs.get(id)).toMatchObject({ status: 'queued', locked_by: null, attempts: 1 });
    // The retry is due now, but the worker's one slot is still taken by the first attempt's handler.
    await testDatabase.database.db
      .updateTable('jobs')
      .set({ run_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await worker.idle();
    expect(attempts).toEqual([1]);

    settleFirst();
    await waitFor(() => isDone(id), { what: 'the retry' });
    expect(attempts).toEqual([1, 2]);
    expect(messages).toContain('abandoned job attempt finished after its time limit');
  });

  it('stops after waiting a while for a handler that ignores its signal, and says so', async () => {
    const { log: captured, messages } = captureLog();
    const id = await jobs.create({ type: 'deaf', payload: {} });
    const worker = startWorker({
      log: captured,
      abandonedStopWaitMs: 50,
      handlers: {
        deaf: defineJob({ schema: z.object({}), timeLimitMs: 50, handle: () => new Promise<void>(() => {}) }),
      },
    });
    await worker.start();
    await waitFor(() => hasTimedOut(id), { what: 'the time limit' });
    await worker.stop();
    expect(messages).toContain('stopping with job handlers still running past their time limit');
    expect(await jobs.get(id)).toMatchObject({ status: 'queued', locked_by: null });
  });

  it('waits on stop for an abandoned handler that settles in time', async () => {
    const { log: captured, messages } = captureLog();
    let stopRequested!: () => void;
    const stopping = new Promise<void>((resolve) => (stopRequested = resolve));
    let finished = false;
    const id = await jobs.create({ type: 'late', payload: {} });
    const worker = startWorker({
      log: captured,
      abandonedStopWaitMs: NEVER_POLL_MS,
      handlers: {
        late: defineJob({
          schema: z.object({}),
          timeLimitMs: 50,
          // Ignores its signal; finishes some database work after stop() was called.
          handle: async () => {
            await stopping;
            for (let i = 0; i < 3; i += 1) await sql`select 1`.execute(testDatabase.database.db);
            finished = true;
          },
        }),
      },
    });
    await worker.start();
    await waitFor(() => hasTimedOut(id), { what: 'the time limit' });
    const stopped = worker.stop();
    stopRequested();
    await stopped;
    expect(finished).toBe(true);
    expect(messages).toContain('abandoned job attempt finished after its time limit');
    expect(messages).not.toContain('stopping with job handlers still running past their time limit');
  });

  it('keeps extending the lease while the handler runs, so no other worker takes the job', async () => {
    let release!: () => void;
    let claimedUntil: Date | undefined;
    const id = await jobs.create({ type: 'long', payload: {} });
    const worker = startWorker({
      leaseMs: 300,
      handlers: {
        long: defineJob({
          schema: z.object({}),
          timeLimitMs: 60_000,
          handle: (_payload, { job }) =>
            new Promise<void>((resolve) => {
              claimedUntil = job.locked_until!;
              release = resolve;
            }),
        }),
      },
    });
    await worker.start();
    await waitFor(async () => claimedUntil !== undefined, { what: 'the job to start' });
    // The first lease has run out by the database's clock...
    await waitFor(
      async () => {
        const { rows } = await sql<{ past: boolean }>`select now() > ${claimedUntil} as past`.execute(
          testDatabase.database.db,
        );
        return rows[0]!.past;
      },
      { what: 'the first lease to run out' },
    );
    // ...but the heartbeat moved it on, so the job is not claimable.
    expect((await jobs.get(id))!.locked_until!.getTime()).toBeGreaterThan(claimedUntil!.getTime());
    expect(await jobs.claim('other', 60_000)).toBeUndefined();
    release();
    await worker.idle();
    expect((await jobs.get(id))?.status).toBe('done');
  });
});

describe('a lost lease', () => {
  it('stops the handler and leaves the job to the worker that took it over', async () => {
    let reason: unknown;
    let started = false;
    const id = await jobs.create({ type: 'taken', payload: {} });
    const worker = startWorker({
      leaseMs: 300,
      handlers: {
        taken: defineJob({
          schema: z.object({}),
          timeLimitMs: 60_000,
          handle: (_payload, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              started = true;
              signal.addEventListener('abort', () => {
                reason = signal.reason;
                reject(signal.reason as Error);
              });
            }),
        }),
      },
    });
    await worker.start();
    await waitFor(async () => started, { what: 'the job to start' });
    // As if this worker had stalled past its lease and another had claimed the job.
    await testDatabase.database.db
      .updateTable('jobs')
      .set({ locked_by: 'thief' })
      .where('id', '=', id)
      .execute();
    await worker.idle();
    expect(reason).toBeInstanceOf(JobLeaseLostError);
    expect(await jobs.get(id)).toMatchObject({ status: 'running', locked_by: 'thief', last_error: null });
  });
});

describe('waking workers on enqueue', () => {
  it('starts at once on an enqueue in this process, without polling', async () => {
    const seen: unknown[] = [];
    const worker = startWorker({ pollIntervalMs: NEVER_POLL_MS, handlers: { echo: echoJob(seen) } });
    await worker.start();
    await worker.idle();
    const id = await createJobsRepository(testDatabase.database.db).create({
      type: 'echo',
      payload: { n: 2 },
    });
    await waitFor(() => isDone(id), { what: 'the job to run' });
    expect(seen).toEqual([{ n: 2 }]);
  });

  it('starts at once on a NOTIFY from another connection (LISTEN), without polling', async () => {
    const worker = startWorker({
      pollIntervalMs: NEVER_POLL_MS,
      database: testDatabase.database,
      handlers: { echo: echoJob() },
    });
    await worker.start();
    await worker.idle();
    const id = await enqueueFromAnotherConnection('echo');
    await waitFor(() => isDone(id), { what: 'the job to run' });
  });

  it('wakes the workers of this process directly only for an enqueue outside a transaction', async () => {
    const heard: string[] = [];
    const unsubscribe = onJobEnqueuedHere((type) => heard.push(type));
    try {
      await testDatabase.database.db.transaction().execute(async (trx) => {
        await jobs.create({ type: 'in-transaction', payload: {} }, trx);
        // Not yet visible to a worker: a direct wake-up now would look too early.
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([]);
      await jobs.create({ type: 'outside', payload: {} });
      expect(heard).toEqual(['outside']);
    } finally {
      unsubscribe();
    }
  });

  it('runs a job enqueued inside a transaction once it commits, woken by the NOTIFY', async () => {
    const seen: unknown[] = [];
    const worker = startWorker({
      pollIntervalMs: NEVER_POLL_MS,
      database: testDatabase.database,
      handlers: { echo: echoJob(seen) },
    });
    await worker.start();
    await worker.idle();
    const id = await testDatabase.database.db.transaction().execute(async (trx) => {
      const queued = await jobs.create({ type: 'echo', payload: { n: 3 } }, trx);
      // More of the caller's work before the commit.
      await trx.selectFrom('jobs').select('id').where('id', '=', queued).executeTakeFirstOrThrow();
      return queued;
    });
    await waitFor(() => isDone(id), { what: 'the job to run after the commit' });
    expect(seen).toEqual([{ n: 3 }]);
  });

  it('sends the NOTIFY with every enqueue, at commit when inside a transaction', async () => {
    const payloads: string[] = [];
    const listening = await testDatabase.database.listen(JOBS_CHANNEL, {
      onNotify: (payload) => payloads.push(payload),
    });
    try {
      await jobs.create({ type: 'first', payload: {} });
      await waitFor(async () => payloads.includes('first'), { what: 'the NOTIFY' });
      await testDatabase.database.db.transaction().execute(async (trx) => {
        await jobs.create({ type: 'in-transaction', payload: {} }, trx);
        expect(payloads).not.toContain('in-transaction');
      });
      await waitFor(async () => payloads.includes('in-transaction'), { what: 'the NOTIFY at commit' });
    } finally {
      await listening.close();
    }
  });

  it.skipIf(!TEST_DATABASE_URL)('listens again after its connection drops (PostgreSQL)', async () => {
    const worker = startWorker({
      pollIntervalMs: NEVER_POLL_MS,
      database: testDatabase.database,
      handlers: { echo: echoJob() },
    });
    await worker.start();
    await worker.idle();
    const admin = new pg.Client({ connectionString: testDatabase.url });
    await admin.connect();
    try {
      const listenerPids = async () =>
        (
          await admin.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
            [`lootklip-listen-${JOBS_CHANNEL}`],
          )
        ).rows.map((row) => row.pid);
      const [before] = await listenerPids();
      expect(before).toBeDefined();
      await admin.query('select pg_terminate_backend($1)', [before]);
      await waitFor(
        async () => {
          const pids = await listenerPids();
          return pids.length === 1 && pids[0] !== before;
        },
        { what: 'the listener to reconnect' },
      );
      await worker.idle();
      const id = await enqueueFromAnotherConnection('echo');
      await waitFor(() => isDone(id), { what: 'the job to run' });
    } finally {
      await admin.end();
    }
  });
});

describe('dedupe keys', () => {
  it('queues one job for a key enqueued twice, and the key again once that job has finished', async () => {
    const first = await jobs.create({ type: 'echo', payload: { n: 1 }, dedupeKey: 'k1' });
    const second = await jobs.create({ type: 'echo', payload: { n: 2 }, dedupeKey: 'k1' });
    expect(second).toBe(first);
    expect(await countJobs('echo')).toBe(1);

    const claimed = await jobs.claim('w1', 60_000);
    // Running still holds the key.
    expect(await jobs.create({ type: 'echo', payload: {}, dedupeKey: 'k1' })).toBe(first);
    await jobs.complete(claimed!);
    const third = await jobs.create({ type: 'echo', payload: {}, dedupeKey: 'k1' });
    expect(third).not.toBe(first);
    expect(await countJobs('echo')).toBe(2);
    // Jobs without a key are never merged.
    await jobs.create({ type: 'echo', payload: {} });
    await jobs.create({ type: 'echo', payload: {} });
    expect(await countJobs('echo')).toBe(4);
  });

  it('keeps one job for a key enqueued concurrently', async () => {
    const ids = await Promise.all(
      Array.from({ length: 10 }, () => jobs.create({ type: 'echo', payload: {}, dedupeKey: 'same' })),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await countJobs('echo')).toBe(1);
  });
});

describe('periodic jobs', () => {
  it('queues the next period once, however many workers run', async () => {
    const everyMs = 60 * 60 * 1000;
    const handlers: JobHandlers = {
      tidy: defineJob({ schema: z.object({}), timeLimitMs: 1000, everyMs, handle: async () => {} }),
    };
    await Promise.all([1, 2, 3].map(() => startWorker({ pollIntervalMs: NEVER_POLL_MS, handlers }).start()));
    const queued = await testDatabase.database.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', 'tidy')
      .execute();
    expect(queued).toHaveLength(1);
    const runAt = queued[0]!.run_at;
    expect(runAt.getTime() % everyMs).toBe(0);
    expect(queued[0]).toMatchObject({ status: 'queued', dedupe_key: getPeriodDedupeKey('tidy', runAt) });
  });
});

describe('clean-up of finished jobs', () => {
  it('deletes done jobs after the done retention and failed ones after the failed retention', async () => {
    const db = testDatabase.database.db;
    const ageDays = async (id: string, days: number) =>
      db
        .updateTable('jobs')
        .set({ updated_at: sql`now() - ${days} * interval '1 day'` })
        .where('id', '=', id)
        .execute();
    const make = async (status: 'done' | 'failed' | 'queued', days: number) => {
      const id = await jobs.create({ type: 'echo', payload: {} });
      await db.updateTable('jobs').set({ status }).where('id', '=', id).execute();
      await ageDays(id, days);
      return id;
    };
    const oldDone = await make('done', JOBS_DONE_RETENTION_DAYS + 1);
    const recentDone = await make('done', JOBS_DONE_RETENTION_DAYS - 1);
    const oldFailed = await make('failed', JOBS_FAILED_RETENTION_DAYS + 1);
    const recentFailed = await make('failed', JOBS_DONE_RETENTION_DAYS + 1);
    const oldQueued = await make('queued', JOBS_FAILED_RETENTION_DAYS + 1);

    // Through the registered periodic job, as production runs it.
    const handlers = createJobHandlers({
      database: testDatabase.database,
      storage: createLocalStorage('/nonexistent-lootklip-test'),
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      log,
      jobs,
    });
    const cleanUp = await jobs.create({ type: CLEAN_UP_JOBS_JOB, payload: {} });
    const worker = startWorker({ pollIntervalMs: NEVER_POLL_MS, handlers });
    await worker.start();
    await worker.idle();
    expect(await isDone(cleanUp)).toBe(true);

    const left = (await db.selectFrom('jobs').select('id').where('type', '=', 'echo').execute()).map(
      (row) => row.id,
    );
    expect(left.sort()).toEqual([recentDone, recentFailed, oldQueued].sort());
    expect(left).not.toContain(oldDone);
    expect(left).not.toContain(oldFailed);
  });
});

describe('clean-up of klip view rows', () => {
  it(`deletes view rows older than ${KLIP_VIEWS_RETENTION_DAYS} days and keeps the rest and the counter`, async () => {
    const db = testDatabase.database.db;
    const owner = ulid();
    const klipId = ulid();
    await db
      .insertInto('users')
      .values({ id: owner, email: `${owner}@example.in`, username: `v${owner}` })
      .execute();
    await db
      .insertInto('klips')
      .values({ id: klipId, owner_id: owner, status: 'active', title: 'Seen', views: 5 })
      .execute();
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const ages = [
      0,
      1,
      KLIP_VIEWS_RETENTION_DAYS,
      KLIP_VIEWS_RETENTION_DAYS + 1,
      KLIP_VIEWS_RETENTION_DAYS + 30,
    ];
    await db
      .insertInto('klip_views')
      .values(ages.map((age) => ({ klip_id: klipId, viewer_key: `user:${age}`, day: day(age) })))
      .execute();

    const handlers = createJobHandlers({
      database: testDatabase.database,
      storage: createLocalStorage('/nonexistent-lootklip-test'),
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      log,
      jobs,
    });
    const cleanUp = await jobs.create({ type: CLEAN_UP_KLIP_VIEWS_JOB, payload: {} });
    const worker = startWorker({ pollIntervalMs: NEVER_POLL_MS, handlers });
    await worker.start();
    await worker.idle();
    expect(await isDone(cleanUp)).toBe(true);

    const left = await db
      .selectFrom('klip_views')
      .select('viewer_key')
      .where('klip_id', '=', klipId)
      .execute();
    expect(left.map((row) => row.viewer_key).sort()).toEqual([
      'user:0',
      'user:1',
      `user:${KLIP_VIEWS_RETENTION_DAYS}`,
    ]);
    const klip = await db
      .selectFrom('klips')
      .select('views')
      .where('id', '=', klipId)
      .executeTakeFirstOrThrow();
    expect(Number(klip.views)).toBe(5);
  });
});

describe('listening', () => {
  it.skipIf(!TEST_DATABASE_URL)('delivers a NOTIFY to another database handle (PostgreSQL)', async () => {
    const other = await openDatabase({ url: testDatabase.url, poolSize: 1 });
    const payloads: string[] = [];
    const listening = await other.listen(JOBS_CHANNEL, { onNotify: (payload) => payloads.push(payload) });
    try {
      await jobs.create({ type: 'across', payload: {} });
      await waitFor(async () => payloads.includes('across'), { what: 'the NOTIFY' });
    } finally {
      await listening.close();
      await other.close();
    }
  });
});
