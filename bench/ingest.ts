// `npm run bench:ingest`: first-party analytics' ingest under load (decision 0064), on PostgreSQL, through the full
// production app in its own process. BENCH_EVENTS_PER_SECOND (default 2000) events a second for BENCH_SECONDS
// (default 60) to POST /api/v1/events, in batches of BENCH_BATCH (default 20) from many sessions and addresses,
// beside product page reads (GET /api/v1/products/{id}, BENCH_READS_PER_SECOND, default 50). First the reads alone,
// then with the ingest. Prints the events stored against those acknowledged (0 lost is the goal), the batches'
// latencies, the CPU the server and PostgreSQL's backends spent, and the product read's p99 with and without ingest
// and their ratio (goal <= 1.5x).
// Needs a PostgreSQL server: BENCH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/
// postgres); it creates and drops its own database.
import fs from 'node:fs';
import { sql } from 'kysely';
import { createPgDatabase, fillProducts } from './support/bench-database.ts';
import { countError, percentile, startCrowdServer } from './support/crowd.ts';
import { verdict } from './support/wrk.ts';

const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
const READS_PER_SECOND = Number(process.env.BENCH_READS_PER_SECOND ?? 50);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 20);
const PRODUCTS = 10_000;
const SESSIONS = 20_000;
const ADDRESSES = 2_000;
const DATABASE = 'lootklip_bench_ingest';
const GOAL = 1.5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const productId = (n: number) => String(n).padStart(10, '0');
const randomInt = (below: number) => Math.floor(Math.random() * below);

interface Tally {
  reads: number[];
  batches: number[];
  accepted: number;
  sentEvents: number;
  errors: Map<string, number>;
}

function eventFor(): Record<string, unknown> {
  const product = productId(1 + randomInt(PRODUCTS));
  const roll = Math.random();
  if (roll < 0.6) return { type: 'product_view', product_id: product };
  if (roll < 0.75) return { type: 'page_view', path: '/shop' };
  if (roll < 0.9) return { type: 'lootbox_add', product_id: product };
  return { type: 'contact_click', product_id: product, channel: 'whatsapp' };
}

async function sendBatch(base: string, tally: Tally): Promise<void> {
  const session = randomInt(SESSIONS);
  const body = JSON.stringify({
    sessionId: `bench-session-${String(session).padStart(8, '0')}`,
    consent: { analytics: true, marketing: false },
    events: Array.from({ length: BATCH }, eventFor),
  });
  const address = session % ADDRESSES;
  const started = performance.now();
  tally.sentEvents += BATCH;
  try {
    const response = await fetch(`${base}/api/v1/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${Math.floor(address / 250)}.${address % 250}.9`,
      },
      body,
    });
    const text = await response.text();
    if (response.status === 202) {
      tally.batches.push(performance.now() - started);
      tally.accepted += (JSON.parse(text) as { accepted: number }).accepted;
    } else {
      countError(tally, `events ${response.status}`);
    }
  } catch (error) {
    countError(tally, `events ${(error as Error).message}`);
  }
}

async function readProduct(base: string, tally: Tally): Promise<void> {
  const started = performance.now();
  try {
    const response = await fetch(`${base}/api/v1/products/${productId(1 + randomInt(PRODUCTS))}`);
    await response.arrayBuffer();
    if (response.status === 200) tally.reads.push(performance.now() - started);
    else countError(tally, `product read ${response.status}`);
  } catch (error) {
    countError(tally, `product read ${(error as Error).message}`);
  }
}

/** Calls `step` `perSecond` times a second for `seconds`, on schedule, without waiting for the previous call. */
async function paced(perSecond: number, seconds: number, step: () => Promise<void>): Promise<void> {
  const startedAt = performance.now();
  const inFlight = new Set<Promise<void>>();
  const total = Math.round(perSecond * seconds);
  for (let index = 0; index < total; index += 1) {
    await sleep(startedAt + (index * 1000) / perSecond - performance.now());
    const call = step().finally(() => inFlight.delete(call));
    inFlight.add(call);
  }
  await Promise.all(inFlight);
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's closing parenthesis.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const newTally = (): Tally => ({ reads: [], batches: [], accepted: 0, sentEvents: 0, errors: new Map() });
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function run(): Promise<void> {
  const { database, drop } = await createPgDatabase(DATABASE);
  let server: Awaited<ReturnType<typeof startCrowdServer>> | undefined;
  try {
    await fillProducts(database, PRODUCTS);
    server = await startCrowdServer(DATABASE);
    const base = `http://127.0.0.1:${server.port}`;
    console.log(
      `PostgreSQL, ${PRODUCTS} products; ${EVENTS_PER_SECOND} events/s in batches of ${BATCH} for ${SECONDS} s from ${SESSIONS} sessions and ${ADDRESSES} addresses, beside ${READS_PER_SECOND} product reads/s`,
    );
    // Warm-up, then the reads alone.
    await paced(READS_PER_SECOND, 2, () => readProduct(base, newTally()));
    const alone = newTally();
    await paced(READS_PER_SECOND, BASELINE_SECONDS, () => readProduct(base, alone));

    // The CPU the server and the database's backends spend on the ingest (and the reads beside it).
    const backendPids = async () =>
      (
        await sql<{ pid: number }>`select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`.execute(database.db)
      ).rows.map((row) => row.pid);
    const serverPid = server.pid;
    const cpuBefore = { server: cpuSeconds(serverPid), backends: new Map<number, number>() };
    for (const pid of await backendPids()) cpuBefore.backends.set(pid, cpuSeconds(pid));

    const withIngest = newTally();
    const startedAt = performance.now();
    await Promise.all([
      paced(EVENTS_PER_SECOND / BATCH, SECONDS, () => sendBatch(base, withIngest)),
      paced(READS_PER_SECOND, SECONDS, () => readProduct(base, withIngest)),
    ]);
    const elapsed = (performance.now() - startedAt) / 1000;
    const serverCpu = cpuSeconds(serverPid) - cpuBefore.server;
    let backendsCpu = 0;
    for (const pid of new Set([...cpuBefore.backends.keys(), ...(await backendPids())])) {
      backendsCpu += cpuSeconds(pid) - (cpuBefore.backends.get(pid) ?? 0);
    }
    const stored = await sql<{ n: string }>`select count(*) as n from analytics_events`.execute(database.db);
    const storedEvents = Number(stored.rows[0]!.n);
    const counted = await sql<{
      n: string;
    }>`select count(*) as n from analytics_events where counted`.execute(database.db);

    const aloneReads = [...alone.reads].sort((a, b) => a - b);
    const ingestReads = [...withIngest.reads].sort((a, b) => a - b);
    const batches = [...withIngest.batches].sort((a, b) => a - b);
    const errors = [...withIngest.errors.values(), ...alone.errors.values()].reduce((a, b) => a + b, 0);
    const lost = withIngest.accepted - storedEvents;
    const ratio = percentile(ingestReads, 99) / percentile(aloneReads, 99);
    console.log(
      `  events sent         ${withIngest.sentEvents} (${(withIngest.sentEvents / elapsed).toFixed(0)}/s), acknowledged ${withIngest.accepted} (${(withIngest.accepted / elapsed).toFixed(0)}/s), stored ${storedEvents}, counted ${counted.rows[0]!.n}`,
    );
    console.log(
      `  batches             ${String(batches.length).padStart(6)}   p50 ${ms(percentile(batches, 50))}   p99 ${ms(percentile(batches, 99))}`,
    );
    console.log(
      `  product reads alone ${String(aloneReads.length).padStart(6)}   p50 ${ms(percentile(aloneReads, 50))}   p99 ${ms(percentile(aloneReads, 99))}`,
    );
    console.log(
      `  with ingest         ${String(ingestReads.length).padStart(6)}   p50 ${ms(percentile(ingestReads, 50))}   p99 ${ms(percentile(ingestReads, 99))}`,
    );
    console.log(
      `  errors              ${errors}${errors ? ` (${[...withIngest.errors, ...alone.errors].map(([label, count]) => `${label}: ${count}`).join(', ')})` : ''}`,
    );
    console.log(`  lost accepted       ${lost} of ${withIngest.accepted}`);
    const perBatch = (seconds: number) => `${((seconds * 1000) / Math.max(1, batches.length)).toFixed(2)} ms`;
    console.log(
      `  CPU while ingesting server ${serverCpu.toFixed(1)} s (${perBatch(serverCpu)} a batch), PostgreSQL backends ${backendsCpu.toFixed(1)} s (${perBatch(backendsCpu)} a batch; reads included, backends that exited not)`,
    );
    console.log('Ratios');
    console.log(
      `  product read p99 with / without ingest   ${ratio.toFixed(2)} (goal <= ${GOAL}): ${verdict(ratio <= GOAL && lost === 0 && errors === 0)}`,
    );
  } finally {
    await server?.stop();
    await drop();
  }
}

await run();
process.exit(0);
