// Runs jobs from the jobs table: in-process by default, or in separate `npm run worker` processes.
// stop() lets the jobs in hand finish, so a graceful shutdown never cuts a job in half.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRow } from '../db/schema.ts';
import type { JobsRepository } from './jobs.repository.ts';

export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export interface WorkerOptions {
  jobs: JobsRepository;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  concurrency?: number;
  pollIntervalMs?: number;
  leaseMs?: number;
}

export interface Worker {
  start(): void;
  /** Wakes an idle worker now, e.g. right after a job was enqueued in this process. */
  notify(): void;
  stop(): Promise<void>;
  /** Resolves when no job is in hand and none is due (tests). */
  idle(): Promise<void>;
}

export function createWorker(options: WorkerOptions): Worker {
  const { jobs, handlers, log } = options;
  const concurrency = options.concurrency ?? 1;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 15 * 60 * 1000;
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const running = new Set<Promise<void>>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let idleWaiters: Array<() => void> = [];

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlers[job.type];
    const startedAt = performance.now();
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler(job.payload, job);
      await jobs.complete(job.id);
      log.info({ jobId: job.id, type: job.type, ms: Math.round(performance.now() - startedAt) }, 'job done');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await jobs.fail(job, message).catch(() => 'retry');
      log.warn(
        { jobId: job.id, type: job.type, attempts: job.attempts, outcome, err: message },
        'job failed',
      );
    }
  }

  async function fill(): Promise<void> {
    while (!stopped && running.size < concurrency) {
      let job: JobRow | undefined;
      try {
        job = await jobs.claim(workerId, leaseMs);
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'could not claim a job; will retry');
        break;
      }
      if (!job) break;
      const task = runOne(job).finally(() => {
        running.delete(task);
        schedule(0);
      });
      running.add(task);
    }
    if (running.size === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      void fill().finally(() => schedule(pollIntervalMs));
    }, delayMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    notify() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        schedule(0);
      });
    },
  };
}
