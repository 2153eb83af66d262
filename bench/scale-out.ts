// `npm run bench:scale-out`: load and faults through the balancer of the scale-out shape (decision 0084). Two
// instances, one worker, nginx, s3rver, PostgreSQL, and a Redis of the bench's own (bench/support/private-redis.ts).
//   1. Throughput: the same mixed load (80 % reads, 20 % writes; BENCH_USERS virtual users, each signed in with an
//      address of its own) for BENCH_SECONDS with instance B stopped, then with both; answers per second and the
//      ratio, the scaling figure.
//   2. BENCH_MINUTES of that load over both instances, plus a klip uploaded every BENCH_UPLOAD_SECONDS, and faults:
//      instance A killed with `kill -9` and restarted; the worker killed with `kill -9` while ffmpeg transcodes a
//      klip (its ffmpeg too, as a container's end takes it) and restarted; Redis stopped for BENCH_REDIS_DOWN_MS and
//      started again. For each: the answers by kind meanwhile and the time to recover.
//   3. Checks in PostgreSQL: 0 acknowledged writes lost, no klip left processing, counters equal their rows.
// Needs this machine's PostgreSQL (it creates and drops its own database), redis-server and nginx (installed when
// missing). The API's per-address limit is raised (RATE_LIMIT_MAX) so that it does not cap the throughput; its
// counting across instances is what the Redis fault probes.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ulid } from 'ulid';
import { startScaleOut, type ScaleOut } from '../scripts/scale-out.ts';
import { findFfmpeg } from '../src/server/media/ffmpeg.ts';
import { listPidsNamed, startCpuSample } from './support/cpu-sampler.ts';
import { startPrivateRedis, type PrivateRedis } from './support/private-redis.ts';
import { checkDatabase, waitForKlipsToSettle, type CheckResult } from './support/scale-out-checks.ts';
import {
  Client,
  createLedger,
  describeOutcomes,
  percentile,
  productBody,
  runLoad,
  type LoadEvent,
  type VirtualUser,
} from './support/scale-out-load.ts';
import { verdict } from './support/wrk.ts';

const MINUTES = Number(process.env.BENCH_MINUTES ?? 10);
const PHASE_SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = 5;
const USERS = Number(process.env.BENCH_USERS ?? 32);
const UPLOAD_SECONDS = Number(process.env.BENCH_UPLOAD_SECONDS ?? 30);
const REDIS_DOWN_MS = Number(process.env.BENCH_REDIS_DOWN_MS ?? 5000);
/** After the load, how long every klip gets to leave processing (the worker's lease is 60 s). */
const SETTLE_DEADLINE_MS = 180_000;
const TRANSCODE_SEEN_DEADLINE_MS = 120_000;
/** The API's per-address budget here: high enough never to cap the load; a Redis error answers all of it. */
const RATE_LIMIT_MAX = 1_000_000;
const RUN = ulid().toLowerCase();
const PASSWORD = 'a long passphrase';
/** Setup products' names: what the search reads look for. */
const WORDS = ['brass', 'cotton', 'clay', 'silk', 'jute', 'teak', 'copper', 'khadi'];
const THINGS = ['lamp', 'kurta', 'diya', 'saree', 'bag', 'stool', 'lota', 'scarf'];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** A portrait MP4 with sound (ffmpeg's moving test pattern and a tone), as a seller's phone would send one. */
async function createTestVideo({ seconds = 2, width = 180, height = 320 } = {}): Promise<Buffer> {
  const tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-scale-out-'));
  const file = path.join(dir, 'klip.mp4');
  try {
    // prettier-ignore
    await promisify(execFile)(tools.ffmpegPath, [
      '-hide_banner', '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=${width}x${height}:rate=15`,
      '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function upstreamOf(url: string): string {
  return new URL(url).host;
}

async function signUp(client: Client, index: number): Promise<VirtualUser> {
  const username = `so${RUN.slice(-8)}u${index}`;
  const address = `10.${(index >> 8) & 255}.${index & 255}.${1 + (Number.parseInt(RUN.slice(-2), 36) % 250)}`;
  const answer = await client.send('POST', '/api/v1/auth/sign-up', {
    address,
    json: { email: `${username}@example.in`, password: PASSWORD, username, fullName: `Bench ${index}` },
  });
  if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${answer.body}`);
  const { data } = JSON.parse(answer.body) as { data: { idToken: string; user: { uid: string } } };
  return {
    uid: data.user.uid,
    token: data.idToken,
    address,
    lootbox: { id: '', version: 0, items: new Map(), known: true },
  };
}

/** Uploads a video and creates its klip through the balancer; the klip's id, or undefined (recorded as events). */
async function createKlip(
  shape: ScaleOut,
  user: VirtualUser,
  video: Buffer,
  title: string,
  events: LoadEvent[],
): Promise<string | undefined> {
  const record = (op: string, startedAt: number, outcome: string, ok: boolean, upstream = '') =>
    events.push({ at: performance.now(), op, outcome, ok, upstream, ms: performance.now() - startedAt });
  const headers = { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.address };
  let startedAt = performance.now();
  try {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'klip.mp4');
    const uploaded = await fetch(`${shape.balancerUrl}/api/v1/media/videos`, {
      method: 'POST',
      body: form,
      headers,
    });
    // nginx's own 502 is an HTML page: the status is recorded before the body is read as JSON.
    const uploadText = await uploaded.text();
    record(
      'klip upload',
      startedAt,
      `HTTP ${uploaded.status}`,
      uploaded.status === 201,
      uploaded.headers.get('x-upstream') ?? '',
    );
    if (uploaded.status !== 201) return undefined;
    const upload = JSON.parse(uploadText) as { data: { id: string } };
    startedAt = performance.now();
    const created = await fetch(`${shape.balancerUrl}/api/v1/content`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'klip', title, videoId: upload.data.id }),
    });
    const createdText = await created.text();
    record(
      'klip create',
      startedAt,
      `HTTP ${created.status}`,
      created.status === 201,
      created.headers.get('x-upstream') ?? '',
    );
    if (created.status !== 201) return undefined;
    return (JSON.parse(createdText) as { klip: { id: string } }).klip.id;
  } catch (error) {
    record(
      'klip upload',
      startedAt,
      (error as NodeJS.ErrnoException).code ?? (error as Error).message,
      false,
    );
    return undefined;
  }
}

/** The pids of a process's children (every thread's), with their command lines. */
function listChildren(pid: number): { pid: number; command: string }[] {
  const children: { pid: number; command: string }[] = [];
  // A thread or child may end while it is read: what is gone is left out.
  const read = (file: string) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  const tasks = (() => {
    try {
      return fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  })();
  for (const task of tasks) {
    const text = read(`/proc/${pid}/task/${task}/children`).trim();
    for (const child of text ? text.split(' ').map(Number) : []) {
      const command = read(`/proc/${child}/cmdline`).split('\0').join(' ');
      if (command) children.push({ pid: child, command });
    }
  }
  return children;
}

/** Throughput of a phase's events after its warm-up: answers and 2xx per second, latencies, instance shares. */
function describePhase(events: LoadEvent[], from: number, to: number) {
  const measured = events.filter((event) => event.at >= from && event.at < to);
  const secondsLong = (to - from) / 1000;
  const ok = measured.filter((event) => event.ok);
  const latencies = measured.map((event) => event.ms).sort((a, b) => a - b);
  const byUpstream = new Map<string, number>();
  for (const event of ok) byUpstream.set(event.upstream, (byUpstream.get(event.upstream) ?? 0) + 1);
  return {
    answers: measured.length,
    okPerSecond: ok.length / secondsLong,
    answersPerSecond: measured.length / secondsLong,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    outcomes: describeOutcomes(measured, (event) => !event.ok),
    byUpstream,
    measured,
  };
}

interface FaultReport {
  name: string;
  lines: string[];
  /** From the fault to its recovery (performance.now()). */
  window?: [number, number];
}

const redis: PrivateRedis = await startPrivateRedis();
log(`Redis of this run: ${redis.url}`);
const startedAt = performance.now();
const shape = await startScaleOut({
  redisUrl: redis.url,
  // The per-address budget must not cap the throughput: it still counts (the Redis fault's probe reads it).
  env: { RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) },
  log,
});
log(`Shape started in ${seconds(performance.now() - startedAt)}; logs in ${shape.logDir}`);
const [instanceA, instanceB] = shape.instances;
const hostA = upstreamOf(instanceA.url);
const hostB = upstreamOf(instanceB.url);
const client = new Client(new URL(shape.balancerUrl), USERS + 8);
const events: LoadEvent[] = [];
const ledger = createLedger();
const faults: FaultReport[] = [];
let checks: CheckResult[];
let exitCode = 0;

try {
  // Setup: the users, products to read and save, klips to like and comment on, a Loot Box each.
  const users: VirtualUser[] = [];
  for (let index = 0; index < USERS; index += 1) users.push(await signUp(client, index));
  const productIds: string[] = [];
  for (let index = 0; index < 24; index += 1) {
    const user = users[index % 4]!;
    const name = `${WORDS[index % WORDS.length]} ${THINGS[(index * 3) % THINGS.length]} ${RUN}`;
    const answer = await client.send('POST', '/api/v1/content', {
      token: user.token,
      address: user.address,
      json: productBody(name),
    });
    if (answer.status !== 201) throw new Error(`setup product: ${answer.status} ${answer.body}`);
    productIds.push((JSON.parse(answer.body) as { product: { id: string } }).product.id);
  }
  log('Making the setup klips and the test videos...');
  const shortVideo = await createTestVideo();
  // Long enough that its transcode is caught running (bench step 2's worker fault).
  const longVideo = await createTestVideo({ seconds: 40, width: 360, height: 640 });
  const klipIds: string[] = [];
  for (let index = 0; index < 4; index += 1) {
    const id = await createKlip(shape, users[index % 2]!, shortVideo, `${WORDS[index]} klip ${RUN}`, events);
    if (!id) throw new Error(`setup klip: ${describeOutcomes(events)}`);
    klipIds.push(id);
    ledger.klips.set(id, performance.now());
  }
  const settled = await waitForKlipsToSettle(shape.databaseUrl, klipIds, SETTLE_DEADLINE_MS);
  if (settled.processing.length)
    throw new Error(`setup klips still processing: ${settled.processing.join(', ')}`);
  for (const user of users) {
    const answer = await client.send('POST', '/api/v1/lootbox', {
      token: user.token,
      address: user.address,
      json: { items: [{ productId: productIds[0]!, quantity: 1, updatedAt: Date.now() }] },
    });
    if (answer.status !== 201) throw new Error(`setup lootbox: ${answer.status} ${answer.body}`);
    const { lootbox } = JSON.parse(answer.body) as { lootbox: { id: string; version: number } };
    user.lootbox = {
      id: lootbox.id,
      version: lootbox.version,
      items: new Map([[productIds[0]!, 1]]),
      known: true,
    };
  }
  events.length = 0;
  const targets = { productIds, klipIds, searchWords: [...WORDS, ...THINGS] };
  const load = (until: () => boolean) =>
    runLoad({ client, users, targets, ledger, events, until, runId: RUN });

  // 1. Throughput: one instance, then two, the same load; where the CPU went meanwhile.
  const pidOf = (managed: { pid: number | undefined }) => (managed.pid ? [managed.pid] : []);
  const cpuGroups = {
    A: () => pidOf(instanceA),
    B: () => pidOf(instanceB),
    worker: () => pidOf(shape.worker),
    'load and s3rver (this process)': () => [process.pid],
    'PostgreSQL (the whole server)': () => listPidsNamed('postgres'),
    'nginx (every one on the machine)': () => listPidsNamed('nginx'),
  };
  const phase = async (label: string) => {
    const begin = performance.now();
    const end = begin + (WARMUP_SECONDS + PHASE_SECONDS) * 1000;
    log(`Throughput phase: ${label} (${WARMUP_SECONDS} s warm-up, ${PHASE_SECONDS} s measured)...`);
    let cpu: ReturnType<typeof startCpuSample> | undefined;
    const measuring = setTimeout(() => (cpu = startCpuSample(cpuGroups)), WARMUP_SECONDS * 1000);
    await load(() => performance.now() >= end);
    clearTimeout(measuring);
    return { ...describePhase(events, begin + WARMUP_SECONDS * 1000, end), cpu: cpu?.stop() };
  };
  await instanceB.kill('SIGTERM');
  const one = await phase('instance A alone (B stopped)');
  await instanceB.restart();
  const two = await phase('instances A and B');

  // 2. The main phase with its faults.
  const mainBegin = performance.now();
  const mainEnd = mainBegin + MINUTES * 60_000;
  const at = (fraction: number) =>
    new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, mainBegin + fraction * MINUTES * 60_000 - performance.now())),
    );
  const loadDone = () => performance.now() >= mainEnd;
  log(`Main phase: ${MINUTES} min over both instances, with faults...`);

  // The rate-limit probe: one address, A then B every 250 ms, straight to each instance. With the budget in Redis,
  // B's remaining is A's less one; without Redis the limit is skipped (skipOnError) and the whole budget answered.
  const probeAddress = '10.254.254.254';
  let faultsDone = false;
  const probes: { at: number; a: number | null; b: number | null }[] = [];
  const probing = (async () => {
    const remaining = async (url: string) => {
      try {
        const response = await fetch(`${url}/api/v1/auth/providers`, {
          headers: { 'x-forwarded-for': probeAddress },
        });
        await response.arrayBuffer();
        const header = response.headers.get('x-ratelimit-remaining');
        return response.status === 200 && header !== null ? Number(header) : null;
      } catch {
        return null;
      }
    };
    while (!loadDone() || !faultsDone) {
      const a = await remaining(instanceA.url);
      const b = await remaining(instanceB.url);
      probes.push({ at: performance.now(), a, b });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const shared = (probe: { a: number | null; b: number | null }) =>
    probe.a !== null && probe.b !== null && probe.b === probe.a - 1;

  const uploading = (async () => {
    let index = 0;
    while (!loadDone()) {
      const until = performance.now() + UPLOAD_SECONDS * 1000;
      const id = await createKlip(
        shape,
        users[index % users.length]!,
        shortVideo,
        `klip ${RUN} ${index}`,
        events,
      );
      if (id) ledger.klips.set(id, performance.now());
      index += 1;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, Math.min(until, mainEnd) - performance.now())),
      );
    }
  })();

  const faulting = (async () => {
    // Instance A: kill -9, then started again at once (as a supervisor would).
    await at(0.15);
    const killedAt = performance.now();
    await instanceA.kill('SIGKILL');
    // Answers of the old process may still arrive after its end (read by nginx, not yet by this process): only a
    // request sent after it exited is surely the new process's.
    const exitedAt = performance.now();
    log('Fault: instance A killed with kill -9; restarting it...');
    await instanceA.restart();
    const readyAt = performance.now();
    const firstOnA = await (async () => {
      for (;;) {
        const event = events.find(
          (candidate) =>
            candidate.at - candidate.ms > exitedAt && candidate.ok && candidate.upstream === hostA,
        );
        if (event || performance.now() > readyAt + 60_000) return event?.at;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const windowEnd = firstOnA ?? readyAt;
    const during = (event: LoadEvent) => event.at >= killedAt && event.at <= windowEnd;
    const windowA: [number, number] = [killedAt, windowEnd];
    const servedByB = events.filter((event) => during(event) && event.ok && event.upstream === hostB).length;
    faults.push({
      name: 'instance A: kill -9 and restart',
      window: windowA,
      lines: [
        `ready again (/readyz 200) ${seconds(readyAt - killedAt)} after the kill; first answer from A through the balancer after ${firstOnA ? seconds(firstOnA - killedAt) : 'never (60 s)'}`,
        `meanwhile ${servedByB} answers served by B; not 2xx or no answer: ${describeOutcomes(events, (event) => during(event) && !event.ok, { byRequest: true })}`,
      ],
    });

    // The worker: kill -9 while ffmpeg transcodes a klip, then started again.
    await at(0.4);
    const author = users[users.length - 1]!;
    const longKlip = await createKlip(shape, author, longVideo, `long klip ${RUN}`, events);
    if (longKlip) ledger.klips.set(longKlip, performance.now());
    const seenDeadline = performance.now() + TRANSCODE_SEEN_DEADLINE_MS;
    let ffmpeg: { pid: number; command: string }[] = [];
    while (performance.now() < seenDeadline) {
      ffmpeg = listChildren(shape.worker.pid!).filter(
        (child) => /ffmpeg\S*\s/.test(child.command) && !child.command.includes('ffprobe'),
      );
      if (ffmpeg.length) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!ffmpeg.length) {
      faults.push({
        name: 'worker: kill -9 during a transcode',
        lines: ['no transcode seen running within 120 s: not done'],
      });
    } else {
      const db = new pg.Client({ connectionString: shape.databaseUrl });
      await db.connect();
      const { rows: running } = await db.query<{ klip: string | null }>(
        `select (select k.id from klips k where k.video_media_id = j.payload->>'mediaId' limit 1) as klip
           from jobs j where j.status = 'running' and j.type = 'media.transcode-video'`,
      );
      const killedKlip = running[0]?.klip ?? longKlip;
      const workerKilledAt = performance.now();
      await shape.worker.kill('SIGKILL');
      for (const child of ffmpeg) {
        try {
          process.kill(child.pid, 'SIGKILL');
        } catch {
          // Ended already.
        }
      }
      log(`Fault: worker killed with kill -9 during the transcode of klip ${killedKlip}; restarting it...`);
      await shape.worker.restart();
      const workerReadyAt = performance.now();
      let settledAt: number | undefined;
      let status = 'processing';
      while (performance.now() < workerKilledAt + SETTLE_DEADLINE_MS) {
        const { rows } = await db.query<{ status: string }>(`select status from klips where id = $1`, [
          killedKlip,
        ]);
        status = rows[0]?.status ?? 'missing';
        if (status !== 'processing') {
          settledAt = performance.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await db.end();
      const during = (event: LoadEvent) =>
        event.at >= workerKilledAt && event.at <= (settledAt ?? performance.now());
      faults.push({
        name: 'worker: kill -9 during a transcode',
        window: [workerKilledAt, settledAt ?? performance.now()],
        lines: [
          `worker started again ${seconds(workerReadyAt - workerKilledAt)} after the kill; the klip whose transcode was killed ${settledAt ? `${status} ${seconds(settledAt - workerKilledAt)} after the kill` : `still processing after ${seconds(SETTLE_DEADLINE_MS)}`}`,
          `meanwhile, the load's answers not 2xx or none: ${describeOutcomes(events, (event) => during(event) && !event.ok, { byRequest: true })}`,
        ],
      });
    }

    // Redis: stopped, down for REDIS_DOWN_MS, started again (empty, as it keeps nothing).
    await at(0.65);
    const before = probes.filter((probe) => probe.at < performance.now()).slice(-4);
    log(`Fault: Redis stopped for ${REDIS_DOWN_MS} ms...`);
    const { downAt, upAt } = await redis.restart(REDIS_DOWN_MS);
    let sharedAt: number | undefined;
    for (;;) {
      sharedAt = probes.find((probe) => probe.at > upAt && shared(probe))?.at;
      if (sharedAt || performance.now() > upAt + 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const windowEndRedis = sharedAt ?? performance.now();
    const duringRedis = (event: LoadEvent) => event.at >= downAt && event.at <= windowEndRedis;
    const downProbes = probes.filter((probe) => probe.at >= downAt && probe.at <= upAt);
    faults.push({
      name: `Redis: stopped ${seconds(REDIS_DOWN_MS)} and started again`,
      window: [downAt, windowEndRedis],
      lines: [
        `before: limits shared across A and B in ${before.filter(shared).length} of ${before.length} probes; while down: ${downProbes.filter((probe) => probe.a === RATE_LIMIT_MAX && probe.b === RATE_LIMIT_MAX).length} of ${downProbes.length} probes answered 200 on both with the whole budget left (the limit skipped on the error), ${downProbes.filter((probe) => probe.a === null || probe.b === null).length} refused or failed`,
        `shared limits counted again ${sharedAt ? `${seconds(sharedAt - upAt)} after Redis was back (${seconds(sharedAt - downAt)} after it stopped)` : 'never within 60 s'}`,
        `meanwhile, the load's answers not 2xx or none: ${describeOutcomes(events, (event) => duringRedis(event) && !event.ok, { byRequest: true })}`,
      ],
    });
  })();

  await load(loadDone);
  await uploading;
  const main = describePhase(events, mainBegin, mainEnd);
  await faulting.finally(() => (faultsDone = true));
  await probing;

  // 3. Every klip out of processing, then the database against the ledger.
  log('Waiting for every klip to leave processing...');
  const settle = await waitForKlipsToSettle(shape.databaseUrl, [...ledger.klips.keys()], SETTLE_DEADLINE_MS);
  checks = await checkDatabase(shape.databaseUrl, ledger, users, RUN);
  checks.push({
    name: 'no klip stuck in processing',
    ok: settle.processing.length === 0,
    detail: `${ledger.klips.size} klips, ${settle.processing.length} still processing ${seconds(settle.waitedMs)} after the load${settle.processing.length ? ` (${settle.processing.join(', ')})` : ''}`,
  });

  const rate = (value: number) => `${value.toFixed(0).padStart(5)} req/s`;
  const share = (stats: ReturnType<typeof describePhase>) =>
    [...stats.byUpstream]
      .map(
        ([host, count]) =>
          `${host === hostA ? 'A' : host === hostB ? 'B' : host || '?'} ${((count / Math.max(1, stats.measured.filter((event) => event.ok).length)) * 100).toFixed(0)} %`,
      )
      .join(', ');
  console.log(
    `\nScale-out through nginx: ${USERS} virtual users, mixed load (80 % reads: product lists, products, the klip feed, search; 20 % writes: likes, comments, Loot Box saves, product creates)`,
  );
  console.log(
    `Throughput, ${PHASE_SECONDS} s each after ${WARMUP_SECONDS} s of warm-up (2xx per second; all answers; latency of all)`,
  );
  for (const [label, stats] of [
    ['one instance (B stopped)', one],
    ['two instances', two],
  ] as const) {
    console.log(
      `  ${label.padEnd(26)} ${rate(stats.okPerSecond)} (answers ${stats.answersPerSecond.toFixed(0)}/s)   p50 ${stats.p50.toFixed(0)} ms   p99 ${stats.p99.toFixed(0)} ms   served: ${share(stats)}   not 2xx: ${stats.outcomes}`,
    );
  }
  for (const [label, stats] of [
    ['one instance', one],
    ['two instances', two],
  ] as const) {
    if (!stats.cpu) continue;
    const groups = Object.entries(stats.cpu.groups).map(
      ([name, percent]) => `${name} ${percent.toFixed(0)} %`,
    );
    console.log(
      `  CPU, ${label.padEnd(14)} machine ${((stats.cpu.machineBusyPercent * stats.cpu.cores) / 100).toFixed(2)} of ${stats.cpu.cores} cores busy; of one core: ${groups.join(', ')}`,
    );
  }
  console.log(`  scaling (two / one)        ${(two.okPerSecond / Math.max(1, one.okPerSecond)).toFixed(2)}`);
  console.log(
    `Main phase: ${MINUTES} min over both instances with faults, a klip uploaded every ${UPLOAD_SECONDS} s`,
  );
  console.log(
    `  ${rate(main.okPerSecond)} (answers ${main.answers}, ${main.answersPerSecond.toFixed(0)}/s)   p50 ${main.p50.toFixed(0)} ms   p99 ${main.p99.toFixed(0)} ms   served: ${share(main)}`,
  );
  console.log(`  not 2xx or no answer, by kind: ${main.outcomes}`);
  const inFault = (event: LoadEvent) =>
    faults.some(({ window }) => window !== undefined && event.at >= window[0] && event.at <= window[1]);
  console.log(
    `  of them outside the faults' windows (each fault to its recovery): ${describeOutcomes(main.measured, (event) => !event.ok && !inFault(event), { byRequest: true })}`,
  );
  console.log(
    `  by kind and request: ${describeOutcomes(main.measured, (event) => !event.ok, { byRequest: true })}`,
  );
  for (const fault of faults) {
    console.log(`Fault: ${fault.name}`);
    for (const line of fault.lines) console.log(`  ${line}`);
  }
  console.log('Checks (PostgreSQL, after the load)');
  for (const check of checks) console.log(`  ${verdict(check.ok)} ${check.name}: ${check.detail}`);
  const allOk = checks.every((check) => check.ok);
  console.log(`Overall: ${verdict(allOk)}`);
  if (!allOk) exitCode = 1;
} finally {
  client.close();
  await shape.stop();
  await redis.stop();
}
process.exit(exitCode);
