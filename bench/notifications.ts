// `node bench/notifications.ts` (npm run bench:notifications): the measured goals of the notifications (docs/product.md
// "Notifications"; decisions 0077 and 0078), in two parts (BENCH_PART=count, streams or both, the default).
// - count: the unread count of a user with 100 000 notifications against a product page read in the same run
//   (decision 0077: the count is one row kept by triggers), alternating rounds on one database, as ratios. PGlite
//   by default; PostgreSQL with TEST_DATABASE_URL.
// - streams: the production app in its own process (started with --expose-gc, so that it can collect before each
//   memory reading) on a PostgreSQL database of its own. BENCH_STREAM_USERS (default 200) users each hold
//   NOTIFICATION_STREAMS_PER_USER open streams (200 x 5 = 1 000; the per-user bound); the server's RSS and heap
//   after a GC, before and after they open, divided by the streams, is the memory per stream. Then the same users
//   like (toggle) and comment on each other's klips, BENCH_PAUSE_MS (default 1000: each user acts about once a second,
//   ~190 actions/s in all; 0 runs them back to back, past what one process on 2 cores answers, so the probe's own
//   request queues: the line "of which the like's own answer" shows how much) between steps, while a
//   prober likes the klip of one more user (the owner, whose page has its stream open) BENCH_PROBES times: the time
//   from the like's request to the owner's stream event is the delivery latency (p50/p95/p99, goal p95 <= 1 s).
//   The probes stop after BENCH_SECONDS (default 60); a probe not heard within 10 s is counted missed.
//   BENCH_POOL_SIZE sets the server's DATABASE_POOL_SIZE (the app's default otherwise); BENCH_SERVER_LOG, a file
//   for the server's log.
//   Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
//   postgres); it creates and drops its own database.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createTestApp } from '../src/server/test/create-test-app.ts';
import { NOTIFICATION_STREAMS_PER_USER } from '../src/shared/constants.ts';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { countError, percentile, signUpCrowdUser } from './support/crowd.ts';
import { verdict } from './support/wrk.ts';

const PART = process.env.BENCH_PART ?? 'both';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const NOTIFICATIONS = Number(process.env.BENCH_NOTIFICATIONS ?? 100_000);

async function benchCount(): Promise<void> {
  const t = await createTestApp({ RATE_LIMIT_MAX: '1000000' });
  try {
    const { database } = t.testDatabase;
    await fillProducts(database, 200);
    const product = await database.db.selectFrom('products').select('id').limit(1).executeTakeFirstOrThrow();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      payload: {
        email: 'bench@example.in',
        password: 'a long bench phrase',
        username: 'bench',
        fullName: 'Bench',
      },
    });
    const { idToken, user } = signUp.json().data as { idToken: string; user: { uid: string } };
    const klip = 'bench-klip';
    await database.db
      .insertInto('klips')
      .values({ id: klip, owner_id: user.uid, status: 'active', title: 'Bench' })
      .execute();
    const actor = (
      await database.db.selectFrom('users').select('id').where('id', '<>', user.uid).executeTakeFirstOrThrow()
    ).id;
    const started = performance.now();
    await sql`insert into notifications (id, recipient_id, kind, actor_id, klip_id, group_key, created_at)
    select 'bench-' || n, ${user.uid}, 'like', ${actor}, ${klip}, 'like:' || ${klip} || ':' || (n % 1000),
      now() - n * interval '1 second'
    from generate_series(1, ${NOTIFICATIONS}) as n`.execute(database.db);
    const fillMs = performance.now() - started;
    const headers = { authorization: `Bearer ${idToken}` };
    const count = () => t.app.inject({ url: '/api/v1/notifications/unread-count', headers });
    const productRead = () => t.app.inject({ url: `/api/v1/products/${product.id}` });
    const check = (await count()).json() as { unreadCount: number };
    if (check.unreadCount !== NOTIFICATIONS)
      throw new Error(`unread ${check.unreadCount}, not ${NOTIFICATIONS}`);
    if ((await productRead()).statusCode !== 200) throw new Error('the product read failed');

    const time = async (run: () => Promise<unknown>, calls: number) => {
      const start = performance.now();
      for (let i = 0; i < calls; i += 1) await run();
      return ((performance.now() - start) * 1000) / calls;
    };
    for (const run of [count, productRead]) await time(run, 100);
    const results = { count: [] as number[], product: [] as number[] };
    for (let round = 0; round < ROUNDS; round += 1) {
      results.count.push(await time(count, CALLS));
      results.product.push(await time(productRead, CALLS));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `bench:notifications on ${t.testDatabase.url ? 'PostgreSQL' : 'PGlite'}, ${ROUNDS} rounds, medians in µs per request`,
    );
    console.log(
      `  ${NOTIFICATIONS} notifications written in ${fillMs.toFixed(0)} ms (the unread triggers included)`,
    );
    console.log(`  GET /notifications/unread-count   ${median(results.count).toFixed(1)}`);
    console.log(`  GET /products/{id}                ${median(results.product).toFixed(1)}`);
    console.log(
      `  ratio count / product read        ${(median(results.count) / median(results.product)).toFixed(2)} (goal <= 2)`,
    );
  } finally {
    await t.close();
  }
}

const STREAM_USERS = Number(process.env.BENCH_STREAM_USERS ?? 200);
const PROBES = Number(process.env.BENCH_PROBES ?? 100);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 1000);
/** The probes stop after this long, however many were made. */
const PROBE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARM_UP_MS = 3000;
const DELIVERY_GOAL_MS = 1000;
const PROBE_TIMEOUT_MS = 10_000;
const SIGN_UP_CONCURRENCY = 4;
const DATABASE = 'lootklip_bench_notifications';
const NODE = path.resolve(import.meta.dirname, '../node_modules/.bin/node');

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

/** The server child (`--serve`): the production app as bench/support/serve-crowd-app.ts starts it, plus a GC and
 * memory reading on request over the IPC channel. */
async function serve(): Promise<void> {
  const { createApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const { createLogger } = await import('../src/server/logger.ts');
  const { openRuntime } = await import('../src/server/runtime.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-notifications-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.DATABASE_URL,
    // No user of the crowd reaches the limit; each signs up from an address of its own (one proxy hop trusted).
    RATE_LIMIT_MAX: '100000000',
    TRUST_PROXY_HOPS: '1',
    // The event loop's delay under the crowd is what is measured, not shed (the in-flight cap stays).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    // The app's default unless BENCH_POOL_SIZE says otherwise.
    ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
  });
  const log = createLogger(config, process.env.BENCH_SERVER_LOG ?? '/dev/null');
  const runtime = await openRuntime(config, log);
  const app = await createApp({ ...runtime, logger: log, clientDir: null });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (message: { type?: string }) => {
    if (message.type !== 'memory') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    for (let i = 0; i < 3; i += 1) gc?.();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.send!({ type: 'memory', gc: Boolean(gc), rss, heapUsed, external });
  });
  process.on('SIGTERM', async () => {
    await app.close();
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({ type: 'port', port: (app.server.address() as { port: number }).port });
}

function startServer(): Promise<{
  port: number;
  memory(): Promise<Memory & { gc: boolean }>;
  stop(): Promise<void>;
}> {
  const url = new URL(
    process.env.BENCH_DATABASE_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  url.pathname = `/${DATABASE}`;
  const child: ChildProcess = fork(import.meta.filename, ['--serve'], {
    execPath: NODE,
    execArgv: ['--expose-gc'],
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the server exited with ${code}`));
      const onMessage = (message: { type?: string }) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return next<{ port: number }>('port').then(({ port }) => ({
    port,
    memory: () => {
      const answer = next<Memory & { gc: boolean }>('memory');
      child.send({ type: 'memory' });
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  }));
}

/** An open GET /api/v1/notifications/stream on a socket of its own; calls onUnread at each `unread` event. */
function openStream(
  base: string,
  token: string,
  onUnread: (count: number) => void,
): Promise<{ close(): void; first: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/v1/notifications/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream ${response.statusCode}`));
          return;
        }
        let buffer = '';
        let resolveFirst!: () => void;
        const first = new Promise<void>((done) => (resolveFirst = done));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^event: unread\ndata: (.*)$/m.exec(event);
            if (data) {
              resolveFirst();
              onUnread((JSON.parse(data[1]!) as { unreadCount: number }).unreadCount);
            }
          }
        });
        response.on('error', () => undefined);
        resolve({ close: () => request.destroy(), first });
      },
    );
    request.on('error', reject);
  });
}

const subjectOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

async function benchStreams(): Promise<void> {
  const { database, drop } = await createPgDatabase(DATABASE);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const streams: { close(): void; first: Promise<void> }[] = [];
  try {
    server = await startServer();
    const base = `http://127.0.0.1:${server.port}`;
    // Users 0..STREAM_USERS-1 are the crowd; the next is the owner whose page is watched; the last, the prober.
    const tokens: string[] = [];
    let nextUser = 0;
    await Promise.all(
      Array.from({ length: SIGN_UP_CONCURRENCY }, async () => {
        while (nextUser < STREAM_USERS + 2) {
          const index = nextUser++;
          tokens[index] = await signUpCrowdUser(base, 'bench.notified', index, 11);
        }
      }),
    );
    const ownerToken = tokens[STREAM_USERS]!;
    const proberToken = tokens[STREAM_USERS + 1]!;
    const crowd = tokens.slice(0, STREAM_USERS);
    // One active klip per user, as the transcode job leaves it.
    const klipOf = (index: number) => `bench-notified-klip-${index}`;
    await database.db
      .insertInto('klips')
      .values(
        tokens.slice(0, STREAM_USERS + 1).map((token, index) => ({
          id: klipOf(index),
          owner_id: subjectOf(token),
          status: 'active',
          title: `Bench klip ${index}`,
        })),
      )
      .execute();

    // Memory: the server after a GC with no stream open, then with every crowd user's streams open.
    const before = await server.memory();
    const events = { crowd: 0 };
    for (const token of crowd) {
      for (let i = 0; i < NOTIFICATION_STREAMS_PER_USER; i += 1)
        streams.push(await openStream(base, token, () => (events.crowd += 1)));
    }
    await Promise.all(streams.map((stream) => stream.first));
    const after = await server.memory();
    const open = streams.length;
    const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(
      `bench:notifications streams on PostgreSQL, one server process (GC before each reading: ${after.gc})`,
    );
    console.log(
      `  ${open} open streams (${STREAM_USERS} users x ${NOTIFICATION_STREAMS_PER_USER}): RSS ${mib(before.rss)} -> ${mib(after.rss)}, heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)}`,
    );
    console.log(
      `  memory per stream                 RSS ${kib((after.rss - before.rss) / open)}, heap ${kib((after.heapUsed - before.heapUsed) / open)}, external ${kib((after.external - before.external) / open)}`,
    );

    // The owner's page: one more stream; each event is timed against the probe like that caused it.
    let waiting: ((at: number) => void) | undefined;
    const ownerStream = await openStream(base, ownerToken, () => waiting?.(performance.now()));
    streams.push(ownerStream);
    await ownerStream.first;

    const tally = { actions: 0, errors: new Map<string, number>() };
    let stop = false;
    const act = async (label: string, url: string, token: string, payload?: object) => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
          body: payload ? JSON.stringify(payload) : null,
        });
        const text = await response.text();
        if (response.status !== 200 && response.status !== 201)
          countError(tally, `${label} ${response.status}`);
        else tally.actions += 1;
        return text;
      } catch (error) {
        countError(tally, `${label} ${(error as Error).message}`);
        return '';
      }
    };
    const crowdRun = Promise.all(
      crowd.map(async (token, index) => {
        for (let step = 0; !stop; step += 1) {
          const target = klipOf((index + 1 + Math.floor(Math.random() * (STREAM_USERS - 1))) % STREAM_USERS);
          const url = `${base}/api/v1/interactions/klips/${target}`;
          if (step % 2 === 0) await act('like', `${url}/like`, token);
          else await act('comment', `${url}/comments`, token, { content: `Lovely, step ${step}` });
          if (PAUSE_MS > 0) await new Promise((done) => setTimeout(done, PAUSE_MS));
        }
      }),
    );
    await new Promise((done) => setTimeout(done, WARM_UP_MS));

    // The probes, one at a time: a like (timed to the owner's event), then its unlike (awaited, not timed).
    const delivery: number[] = [];
    /** The same probes' time to the like's own answer: how much of the delivery is the loaded server's queue. */
    const answered: number[] = [];
    let missed = 0;
    const ownerLike = `${base}/api/v1/interactions/klips/${klipOf(STREAM_USERS)}/like`;
    const toggle = async () => {
      const started = performance.now();
      const heard = new Promise<number | undefined>((done) => {
        const timer = setTimeout(() => done(undefined), PROBE_TIMEOUT_MS);
        waiting = (at) => {
          clearTimeout(timer);
          waiting = undefined;
          done(at - started);
        };
      });
      const text = await act('probe like', ownerLike, proberToken);
      const answeredMs = performance.now() - started;
      const ms = await heard;
      return { ms, answeredMs, liked: text.includes('"liked":true') };
    };
    const probeStarted = performance.now();
    const probesEnd = probeStarted + PROBE_SECONDS * 1000;
    for (let probe = 0; probe < PROBES && performance.now() < probesEnd; probe += 1) {
      process.stderr.write(`\r  probe ${probe + 1}, ${delivery.length} heard, ${missed} missed   `);
      let result = await toggle();
      // A like left on by a probe that timed out: take it off first.
      if (!result.liked) result = await toggle();
      if (result.ms === undefined) missed += 1;
      else {
        delivery.push(result.ms);
        answered.push(result.answeredMs);
      }
      await toggle();
    }
    const probeSeconds = (performance.now() - probeStarted) / 1000;
    stop = true;
    await crowdRun;

    const sorted = [...delivery].sort((a, b) => a - b);
    const p95 = percentile(sorted, 95);
    const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  crowd: ${STREAM_USERS} users liking and commenting, ${PAUSE_MS} ms between a user's steps, ${tally.actions} requests answered in ${probeSeconds.toFixed(1)} s of probes and ${WARM_UP_MS / 1000} s of warm-up, ${events.crowd} events on the crowd's streams`,
    );
    console.log(
      `  like -> owner's stream, ${delivery.length} probes: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
    );
    const answeredSorted = [...answered].sort((a, b) => a - b);
    console.log(
      `  of which the like's own answer:   p50 ${percentile(answeredSorted, 50).toFixed(0)} ms, p95 ${percentile(answeredSorted, 95).toFixed(0)} ms`,
    );
    console.log(
      `  ratio p95 / 1 s goal              ${(p95 / DELIVERY_GOAL_MS).toFixed(2)} (goal <= 1) ${verdict(p95 <= DELIVERY_GOAL_MS)}`,
    );
    console.log(
      `  missed (no event within ${PROBE_TIMEOUT_MS / 1000} s) ${missed}, errors ${errors} (goal 0) ${verdict(missed === 0 && errors === 0)}${errors ? ` ${JSON.stringify(Object.fromEntries(tally.errors))}` : ''}`,
    );
  } finally {
    for (const stream of streams) stream.close();
    await server?.stop();
    await drop();
  }
}

if (process.argv[2] === '--serve') await serve();
else {
  if (PART !== 'streams') await benchCount();
  if (PART !== 'count') await benchStreams();
}
