// Runs jobs from the jobs table: in-process by default, or in separate `npm run worker` processes.
// Each job type is registered with a zod schema for its payload, a time limit and a handler (decision 0027). A
// payload that does not parse fails the job for good; the handler gets an AbortSignal that fires at its time
// limit; a heartbeat extends the lease while it runs. An enqueue wakes idle workers at once (through LISTEN/NOTIFY,
// which inside a transaction fires at commit; in this process also directly when made outside a transaction);
// polling remains the fallback. stop() lets the jobs in hand finish, and waits a bounded time for handlers left
// running past their time limit. A job type may have a give-up hook, run once when its job fails for good, so what
// the job was meant to finish (a klip left processing) is marked failed rather than left waiting forever.
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { JobRow } from '../db/tables/jobs.ts';
import { JOBS_CHANNEL, onJobEnqueuedHere, type JobsRepository } from './jobs.repository.ts';

export interface JobContext {
  job: JobRow;
  /** Fires at the job's time limit (and when its lease was lost); long work passes it on (ffmpeg, fetch). */
  signal: AbortSignal;
}

export interface JobDefinition<Payload> {
  schema: z.ZodType<Payload>;
  /** After this the signal fires and the attempt counts as failed (retried with back-off). */
  timeLimitMs: number;
  handle(payload: Payload, context: JobContext): Promise<void>;
  /**
   * Periodic work: every worker enqueues the next run, due at the next multiple of everyMs, under one dedupe key
   * per period, so however many instances run, each period's run is queued once and runs on one of them.
   */
  everyMs?: number;
  /**
   * Runs once when the job fails for good: its last attempt failed (or timed out), or it failed without retry. It
   * gets the parsed payload and the last error, and should leave what the job was for in a final, visible state
   * (decision 0040). It is not called for a payload that does not parse, nor when another worker holds the job.
   * A hook that throws is logged; nothing retries it.
   */
  onGiveUp?(payload: Payload, context: GiveUpContext): Promise<void>;
}

export interface GiveUpContext {
  job: JobRow;
  /** The last attempt's error message (also the job's last_error). */
  error: string;
}

/** Keeps the payload type of a definition checked against its schema and handler. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

// Method syntax in JobDefinition makes any definition fit here; the worker parses before it calls handle.
export type JobHandlers = Record<string, JobDefinition<unknown>>;

export interface WorkerOptions {
  jobs: JobsRepository;
  handlers: JobHandlers;
  log: FastifyBaseLogger;
  /** LISTENs for enqueues made by other processes; without it (or while it is down) the worker polls. */
  database?: Pick<Database, 'listen'>;
  concurrency?: number;
  pollIntervalMs?: number;
  /** How long a claim holds before another worker may take the job; the heartbeat renews it every third. */
  leaseMs?: number;
  /** How often periodic jobs are (re)enqueued for their next period. */
  periodicCheckMs?: number;
  /** How long stop() waits for handlers left running past their time limit before it gives up on them. */
  abandonedStopWaitMs?: number;
}

export interface Worker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves when no job is in hand and a look found none to start (tests). A slot still taken by an abandoned
   * handler holds no job: its job was released for a retry, which waits for a free slot.
   */
  idle(): Promise<void>;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_INTERVAL_MS = 5000;
const DEFAULT_PERIODIC_CHECK_MS = 5 * 60_000;
const DEFAULT_ABANDONED_STOP_WAIT_MS = 5000;

export class JobTimeLimitError extends Error {
  constructor(timeLimitMs: number) {
    super(`Job ran past its time limit of ${timeLimitMs} ms`);
    this.name = 'JobTimeLimitError';
  }
}

export class JobLeaseLostError extends Error {
  constructor() {
    super('Job lease lost: another worker may have claimed it');
    this.name = 'JobLeaseLostError';
  }
}

/** "mediaId: Invalid input: expected string, received undefined; sourceKey: ..." */
export function formatPayloadError(type: string, error: z.ZodError): string {
  const problems = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(payload)';
    return `${field}: ${issue.message}`;
  });
  return `Invalid payload for job ${type}: ${problems.join('; ')}`;
}

export function getPeriodDedupeKey(type: string, runAt: Date): string {
  return `${type}@${runAt.toISOString()}`;
}

export function createWorker(options: WorkerOptions): Worker {
  const { jobs, handlers, log } = options;
  const concurrency = options.concurrency ?? 1;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const periodicCheckMs = options.periodicCheckMs ?? DEFAULT_PERIODIC_CHECK_MS;
  const abandonedStopWaitMs = options.abandonedStopWaitMs ?? DEFAULT_ABANDONED_STOP_WAIT_MS;
  const types = Object.keys(handlers);
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  /** The slots taken, `concurrency` at most: attempts in hand, and handlers abandoned at their time limit. */
  const running = new Set<Promise<void>>();
  /** Attempts whose outcome (done, failed, retry) is not recorded yet. */
  const inHand = new Set<Promise<void>>();
  /** Handlers that ignored their signal: their job is released, but they still run, and keep their slot. */
  const abandoned = new Set<Promise<void>>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let periodicTimer: NodeJS.Timeout | undefined;
  let idleWaiters: Array<() => void> = [];
  let filling = false;
  let lookAgain = false;
  let unsubscribeHere: (() => void) | undefined;
  let listening: { close(): Promise<void> } | undefined;

  /**
   * Runs one attempt and records its outcome; returns the handler still running when it was abandoned (wrapped:
   * an async function returning a promise would wait for it).
   */
  async function runOne(job: JobRow): Promise<{ leftBehind?: Promise<void> }> {
    const definition = handlers[job.type];
    const startedAt = performance.now();
    if (!definition) {
      await jobs.fail(job, `No handler for job type ${job.type}`).catch(() => {});
      return {};
    }
    const parsed = definition.schema.safeParse(job.payload);
    if (!parsed.success) {
      const message = formatPayloadError(job.type, parsed.error);
      await jobs.fail(job, message, { retry: false }).catch(() => {});
      log.error({ jobId: job.id, type: job.type, err: message }, 'job payload invalid; failed without retry');
      return {};
    }

    const controller = new AbortController();
    const aborted = new Promise<never>((_resolve, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    aborted.catch(() => {});
    const timeLimit = setTimeout(
      () => controller.abort(new JobTimeLimitError(definition.timeLimitMs)),
      definition.timeLimitMs,
    );
    const heartbeat = setInterval(() => {
      jobs.extendLease(job, leaseMs).then(
        (held) => {
          if (!held) controller.abort(new JobLeaseLostError());
        },
        (error: unknown) =>
          log.warn({ jobId: job.id, err: (error as Error).message }, 'job heartbeat failed'),
      );
    }, leaseMs / 3);
    let settled = false;
    // new Promise: a handler that throws before it returns a promise fails its attempt like any other.
    const handling = new Promise<void>((resolve) =>
      resolve(definition.handle(parsed.data, { job, signal: controller.signal })),
    ).finally(() => (settled = true));
    try {
      await Promise.race([handling, aborted]);
      clearInterval(heartbeat);
      await jobs.complete(job);
      log.info({ jobId: job.id, type: job.type, ms: Math.round(performance.now() - startedAt) }, 'job done');
    } catch (error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await jobs.fail(job, message).catch(() => 'retry' as const);
      log.warn(
        { jobId: job.id, type: job.type, attempts: job.attempts, outcome, err: message },
        'job failed',
      );
      if (outcome === 'failed') await giveUp(definition, parsed.data, { job, error: message });
    } finally {
      clearTimeout(timeLimit);
      clearInterval(heartbeat);
    }
    return settled ? {} : { leftBehind: abandon(job, handling, startedAt) };
  }

  /** Runs the definition's give-up hook, if any; its failure is logged (the job is failed already). */
  async function giveUp(
    definition: JobDefinition<unknown>,
    payload: unknown,
    context: GiveUpContext,
  ): Promise<void> {
    if (!definition.onGiveUp) return;
    try {
      await definition.onGiveUp(payload, context);
      log.warn({ jobId: context.job.id, type: context.job.type }, 'job gave up; give-up hook ran');
    } catch (error) {
      log.error(
        { jobId: context.job.id, type: context.job.type, err: (error as Error).message },
        'job give-up hook failed',
      );
    }
  }

  /**
   * A handler that ignored its signal cannot be killed in-process. Its job is released for a retry already, but
   * the handler keeps its slot until it settles, so the worker never runs more than `concurrency` handlers (and,
   * with one slot, never a retry beside it). Handlers are idempotent (decision 0027), so a late finish is harmless.
   */
  function abandon(job: JobRow, handling: Promise<void>, startedAt: number): Promise<void> {
    const context = () => ({
      jobId: job.id,
      type: job.type,
      attempts: job.attempts,
      ms: Math.round(performance.now() - startedAt),
    });
    const leftBehind = handling.then(
      () => log.warn(context(), 'abandoned job attempt finished after its time limit'),
      (error: unknown) =>
        log.warn({ ...context(), err: (error as Error).message }, 'abandoned job attempt failed'),
    );
    abandoned.add(leftBehind);
    void leftBehind.then(() => abandoned.delete(leftBehind));
    return leftBehind;
  }

  async function fill(): Promise<void> {
    while (!stopped && running.size < concurrency) {
      let job: JobRow | undefined;
      try {
        job = await jobs.claim(workerId, leaseMs, types);
      } catch (error) {
        log.warn({ err: (error as Error).message }, 'could not claim a job; will retry');
        break;
      }
      if (!job) break;
      const attempt = runOne(job);
      const recorded = attempt.then(() => {
        inHand.delete(recorded);
        schedule(0);
      });
      inHand.add(recorded);
      // The slot is free once the attempt is recorded and, if it was abandoned, its handler has settled.
      const slot = attempt
        .then(({ leftBehind }) => leftBehind)
        .finally(() => {
          running.delete(slot);
          schedule(0);
        });
      running.add(slot);
    }
  }

  /**
   * One look for work. A wake-up that comes while a look is under way (a NOTIFY, a finished job) makes another
   * right after it, instead of being lost until the next poll. idle() waiters are answered by a look that began
   * after they asked, so a job made due just before idle() is always seen.
   */
  async function look(): Promise<void> {
    filling = true;
    lookAgain = false;
    const waiters = idleWaiters;
    idleWaiters = [];
    try {
      await fill();
    } finally {
      filling = false;
    }
    if (inHand.size === 0) waiters.forEach((resolve) => resolve());
    else idleWaiters.push(...waiters);
    schedule(lookAgain ? 0 : pollIntervalMs);
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (filling) {
      if (delayMs === 0) lookAgain = true;
      return;
    }
    clearTimeout(timer);
    timer = setTimeout(() => void look(), delayMs);
  }

  async function enqueuePeriodicJobs(): Promise<void> {
    for (const [type, definition] of Object.entries(handlers)) {
      if (!definition.everyMs) continue;
      const runAt = new Date(Math.ceil(Date.now() / definition.everyMs) * definition.everyMs);
      try {
        await jobs.create({ type, payload: {}, runAt, dedupeKey: getPeriodDedupeKey(type, runAt) });
      } catch (error) {
        log.warn({ type, err: (error as Error).message }, 'could not enqueue a periodic job; will retry');
      }
    }
  }

  function schedulePeriodic(): void {
    if (stopped) return;
    periodicTimer = setTimeout(() => {
      void enqueuePeriodicJobs().finally(schedulePeriodic);
    }, periodicCheckMs);
  }

  /**
   * stop() waits for abandoned handlers, but only so long: one that ignores its signal may never settle. Their jobs
   * are queued for a retry already; giving up on them is logged, and the process exits under them.
   */
  async function waitForAbandoned(): Promise<void> {
    if (abandoned.size === 0) return;
    let gaveUp: NodeJS.Timeout | undefined;
    const bound = new Promise<'gave-up'>((resolve) => {
      gaveUp = setTimeout(() => resolve('gave-up'), abandonedStopWaitMs);
    });
    const outcome = await Promise.race([Promise.allSettled([...abandoned]), bound]);
    clearTimeout(gaveUp);
    if (outcome === 'gave-up') {
      log.warn(
        { abandoned: abandoned.size, waitedMs: abandonedStopWaitMs },
        'stopping with job handlers still running past their time limit',
      );
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      unsubscribeHere = onJobEnqueuedHere(() => schedule(0));
      if (options.database) {
        try {
          listening = await options.database.listen(JOBS_CHANNEL, {
            onNotify: () => schedule(0),
            // Enqueues while the connection was down sent their NOTIFY to no one: look now.
            onReconnect: () => schedule(0),
          });
        } catch (error) {
          log.warn({ err: (error as Error).message }, 'could not LISTEN for jobs; polling only');
        }
      }
      await enqueuePeriodicJobs();
      schedulePeriodic();
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(periodicTimer);
      unsubscribeHere?.();
      await listening?.close().catch(() => {});
      listening = undefined;
      await Promise.allSettled([...inHand]);
      await waitForAbandoned();
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        schedule(0);
      });
    },
  };
}
