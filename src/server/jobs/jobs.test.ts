import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { calculateRetryDelayMs, createJobsRepository, type JobsRepository } from './jobs.repository.ts';
import { createWorker } from './worker.ts';

const log = pino({ level: 'silent' });
let testDatabase: TestDatabase;
let jobs: JobsRepository;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  jobs = createJobsRepository(testDatabase.database.db);
});
afterAll(() => testDatabase.drop());
beforeEach(async () => {
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
    const worker = createWorker({
      jobs,
      log,
      handlers: { echo: async (payload) => void seen.push(payload) },
    });
    worker.start();
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
  });

  it('never hands one job to two concurrent claimers', async () => {
    for (let i = 0; i < 20; i += 1) await jobs.create({ type: 'echo', payload: { i } });
    const claims = await Promise.all(Array.from({ length: 40 }, (_, i) => jobs.claim(`w${i}`, 60_000)));
    const ids = claims.filter(Boolean).map((job) => job!.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
  });

  it('lets the job in hand finish when stopped', async () => {
    let finish!: () => void;
    let started!: () => void;
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    const id = await jobs.create({ type: 'slow', payload: {} });
    const worker = createWorker({
      jobs,
      log,
      handlers: {
        slow: () =>
          new Promise<void>((resolve) => {
            finish = resolve;
            started();
          }),
      },
    });
    worker.start();
    await startedPromise;
    const stopping = worker.stop();
    finish();
    await stopping;
    expect((await jobs.get(id))?.status).toBe('done');
  });
});
