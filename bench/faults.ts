// `npm run bench:faults`: the production app under mixed load, as decision 0034 asks:
//   1. 200 connections for 60 s, 80 % reads and 20 % creates: errors, creates acknowledged (201) and how many of
//      them are in the database afterwards (goal: 0 errors, 0 lost).
//   2. 3 000 connections (30 s): how many answers came within 5 s, p99, and the answer mix; the excess should be
//      429/503 with Retry-After, never a timeout.
// Each run prints the share of 503s and how fast the shed answers came (p50, p99: within 100 ms, decision 0050).
// On embedded PGlite, and on PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (it creates and drops its own
// databases). Each connection is a client on its own keep-alive socket sending one request after another; a create
// carries an Idempotency-Key and, answered 503/429 or lost to a timeout, is sent again with the same key (at most
// twice, after a second), as a careful client would. Afterwards the server is stopped and the database opened to
// count the products: every acknowledged one must be there, and no key may have made two.
// BENCH_SECONDS (default 60), BENCH_OVERLOAD_SECONDS (30), BENCH_MIXED_CONNECTIONS (200),
// BENCH_OVERLOAD_CONNECTIONS (3000), BENCH_SCENARIOS (mixed,overload) and BENCH_BACKENDS (pglite,postgres) change
// the run; OVERLOAD_* settings pass through to the server.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { ulid } from 'ulid';
import { openDatabase } from '../src/server/db/database.ts';
import { CATEGORIES } from '../src/shared/domain/categories.ts';
import { startChildServer } from './support/child-server.ts';
import { requestJson } from './support/json-request.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 30);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'mixed,overload').split(',');
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const CREATE_SHARE = 0.2;
const USERS = 8;
/** The answer time the issue asks every answer to come within at 3 000 connections. */
const ANSWER_WITHIN_MS = 5000;
const CREATE_ATTEMPTS = 3;

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | undefined;
  replayed: boolean;
  body: string;
}

interface Tally {
  latencies: number[];
  /** The answer times of the 503s and 429s alone: a shed answer should come at once (decision 0050). */
  shedLatencies: number[];
  statuses: Map<string, number>;
  shedWithoutRetryAfter: number;
  acknowledged: Map<string, string>;
  createsSent: number;
  /** Retries answered with the first create's stored answer. */
  replayed: number;
  probes: Record<'/healthz' | '/readyz', string[]>;
  probeMs: Record<'/healthz' | '/readyz', number>;
}

async function send(
  agent: http.Agent,
  port: number,
  method: 'GET' | 'POST',
  pathname: string,
  options: { token?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  const answer = await requestJson(agent, { host: '127.0.0.1', port }, method, pathname, {
    token: options.token,
    json: options.body,
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });
  return {
    status: answer.status,
    ms: answer.ms,
    retryAfter: answer.headers['retry-after'],
    replayed: answer.headers['idempotent-replayed'] === 'true',
    body: answer.body,
  };
}

function count(tally: Tally, label: string): void {
  tally.statuses.set(label, (tally.statuses.get(label) ?? 0) + 1);
}

async function signUp(agent: http.Agent, port: number, index: number): Promise<string> {
  const name = `bench.seller${index}`;
  const answer = await send(agent, port, 'POST', '/api/v1/auth/sign-up', {
    body: { email: `${name}@example.in`, password: 'a long passphrase', username: name, fullName: name },
  });
  if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body).data.idToken as string;
}

function createBody(key: string) {
  const category = CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)]!;
  return {
    type: 'product',
    name: `Bench ${key}`,
    price: 499,
    category,
    description: 'Benchmark product',
    // A way to reach the seller, without which a product is refused (decision 0046).
    contactInfo: { whatsapp: '9876543210' },
  };
}

async function runLoad(
  port: number,
  connections: number,
  seconds: number,
  tokens: string[],
  knownIds: string[],
  runId: string,
): Promise<Tally> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  const tally: Tally = {
    latencies: [],
    shedLatencies: [],
    statuses: new Map(),
    shedWithoutRetryAfter: 0,
    acknowledged: new Map(),
    createsSent: 0,
    replayed: 0,
    probes: { '/healthz': [], '/readyz': [] },
    probeMs: { '/healthz': 0, '/readyz': 0 },
  };
  const record = (answer: Answer) => {
    tally.latencies.push(answer.ms);
    count(tally, String(answer.status));
    if (answer.status === 503 || answer.status === 429) {
      tally.shedLatencies.push(answer.ms);
      if (!answer.retryAfter) tally.shedWithoutRetryAfter += 1;
    }
  };
  const deadline = performance.now() + seconds * 1000;

  async function create(connection: number, sequence: number): Promise<void> {
    const key = `${runId}-${connection}-${sequence}`;
    const token = tokens[connection % tokens.length]!;
    tally.createsSent += 1;
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt += 1) {
      try {
        const answer = await send(agent, port, 'POST', '/api/v1/content', {
          token,
          body: createBody(key),
          key,
        });
        record(answer);
        if (answer.status === 201) {
          if (answer.replayed) tally.replayed += 1;
          const id = JSON.parse(answer.body).product.id as string;
          tally.acknowledged.set(key, id);
          knownIds.push(id);
          return;
        }
        if (answer.status !== 503 && answer.status !== 429) return;
      } catch (error) {
        count(tally, (error as Error).message === 'timeout' ? 'timeout' : 'connection error');
      }
      if (performance.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  async function read(): Promise<void> {
    const pathname =
      Math.random() < 0.5
        ? `/api/v1/content?type=product&limit=20&category=${encodeURIComponent(
            CATEGORIES[Math.floor(Math.random() * CATEGORIES.length)]!,
          )}`
        : `/api/v1/products/${knownIds[Math.floor(Math.random() * knownIds.length)]}`;
    try {
      record(await send(agent, port, 'GET', pathname));
    } catch (error) {
      count(tally, (error as Error).message === 'timeout' ? 'timeout' : 'connection error');
    }
  }

  // The probes a load balancer would send meanwhile, twice a second on their own connection.
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const probes = (async () => {
    while (performance.now() < deadline) {
      await Promise.all(
        (['/healthz', '/readyz'] as const).map(async (probe) => {
          try {
            const answer = await send(probeAgent, port, 'GET', probe);
            tally.probes[probe].push(`${answer.status}`);
            tally.probeMs[probe] = Math.max(tally.probeMs[probe], answer.ms);
          } catch (error) {
            tally.probes[probe].push((error as Error).message);
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      for (let sequence = 0; performance.now() < deadline; sequence += 1) {
        if (Math.random() < CREATE_SHARE) await create(connection, sequence);
        else await read();
      }
    }),
  );
  await probes;
  agent.destroy();
  probeAgent.destroy();
  return tally;
}

interface Backend {
  name: string;
  /** A fresh database: the server's env and data directory, how to open it afterwards, how to drop it. */
  prepare(): Promise<{ env: NodeJS.ProcessEnv; dataDir: string; open(): ReturnType<typeof openDatabase> }>;
  drop(): Promise<void>;
}

function pgliteBackend(): Backend {
  let dataDir = '';
  return {
    name: 'PGlite',
    async prepare() {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-faults-'));
      const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'DATABASE_URL'));
      return { env, dataDir, open: () => openDatabase({ dataDir }) };
    },
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function postgresBackend(serverUrl: string): Backend {
  let name = '';
  let dataDir = '';
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'PostgreSQL',
    async prepare() {
      name = `lootklip_bench_faults_${ulid().toLowerCase()}`;
      await admin(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-faults-'));
      return {
        env: { ...process.env, DATABASE_URL: url.toString() },
        dataDir,
        open: () => openDatabase({ url: url.toString(), poolSize: 2 }),
      };
    },
    async drop() {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runScenario(backend: Backend, scenario: 'mixed' | 'overload'): Promise<void> {
  const connections = Number(
    scenario === 'mixed'
      ? (process.env.BENCH_MIXED_CONNECTIONS ?? 200)
      : (process.env.BENCH_OVERLOAD_CONNECTIONS ?? 3000),
  );
  const seconds = scenario === 'mixed' ? SECONDS : OVERLOAD_SECONDS;
  const prepared = await backend.prepare();
  const server = await startChildServer(
    path.join(import.meta.dirname, 'support/serve-faults-app.ts'),
    [prepared.dataDir],
    prepared.env,
  );
  const runId = ulid().toLowerCase();
  let tally: Tally;
  const setupAgent = new http.Agent({ keepAlive: true });
  try {
    const tokens: string[] = [];
    for (let index = 0; index < USERS; index += 1) tokens.push(await signUp(setupAgent, server.port, index));
    const knownIds: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const answer = await send(setupAgent, server.port, 'POST', '/api/v1/content', {
        token: tokens[index % USERS]!,
        body: createBody(`${runId}-setup-${index}`),
      });
      knownIds.push(JSON.parse(answer.body).product.id as string);
    }
    setupAgent.destroy();
    tally = await runLoad(server.port, connections, seconds, tokens, knownIds, runId);
  } finally {
    await server.stop();
  }

  // The server is gone: what the database holds now is what a restart would find.
  const database = await prepared.open();
  let stored: Array<{ name: string; id: string }>;
  try {
    stored = (
      await sql<{
        name: string;
        id: string;
      }>`select name, id from products where name like ${`Bench ${runId}-%`}`.execute(database.db)
    ).rows;
  } finally {
    await database.close();
  }
  await backend.drop();

  const storedIds = new Set(stored.map((row) => row.id));
  const perKey = new Map<string, number>();
  for (const row of stored) {
    const key = row.name.slice('Bench '.length);
    if (!key.includes('-setup-')) perKey.set(key, (perKey.get(key) ?? 0) + 1);
  }
  const lost = [...tally.acknowledged.values()].filter((id) => !storedIds.has(id)).length;
  const duplicatedKeys = [...perKey.values()].filter((n) => n > 1).length;
  const storedUnacknowledged = [...perKey.keys()].filter((key) => !tally.acknowledged.has(key)).length;

  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const answers = sorted.length;
  const failures = (tally.statuses.get('timeout') ?? 0) + (tally.statuses.get('connection error') ?? 0);
  const ok = [...tally.statuses].filter(([s]) => /^2/.test(s)).reduce((sum, [, n]) => sum + n, 0);
  const shed = (tally.statuses.get('503') ?? 0) + (tally.statuses.get('429') ?? 0);
  const errors = answers + failures - ok;
  const within = sorted.filter((ms) => ms <= ANSWER_WITHIN_MS).length;
  const mix = [...tally.statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  const ms = (value: number) => `${value.toFixed(0)} ms`;

  console.log(`\n${backend.name}, ${connections} connections, ${seconds} s, ${CREATE_SHARE * 100} % creates`);
  console.log(`  answers          ${answers} (${(answers / seconds).toFixed(0)}/s), no answer: ${failures}`);
  console.log(`  answer mix       ${mix}`);
  console.log(`  errors           ${errors} (not 2xx, or no answer); of them 429/503: ${shed}`);
  console.log(
    `  latency          p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
  console.log(
    `  within ${ANSWER_WITHIN_MS / 1000} s       ${within} of ${answers + failures} (${((within / Math.max(1, answers + failures)) * 100).toFixed(2)} %)`,
  );
  const shedSorted = [...tally.shedLatencies].sort((a, b) => a - b);
  const shedShare = ((tally.statuses.get('503') ?? 0) / Math.max(1, answers)) * 100;
  console.log(
    `  shed             503: ${shedShare.toFixed(1)} % of answers; shed answers p50 ${ms(percentile(shedSorted, 50))}, p99 ${ms(percentile(shedSorted, 99))}, max ${ms(shedSorted.at(-1) ?? 0)}`,
  );
  console.log(`  429/503 without Retry-After: ${tally.shedWithoutRetryAfter}`);
  for (const probe of ['/healthz', '/readyz'] as const) {
    const seen = new Map<string, number>();
    for (const status of tally.probes[probe]) seen.set(status, (seen.get(status) ?? 0) + 1);
    const summary = [...seen].map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`  ${probe.padEnd(16)} ${summary}; slowest ${ms(tally.probeMs[probe])}`);
  }
  console.log(
    `  creates          sent ${tally.createsSent}, acknowledged ${tally.acknowledged.size} (${tally.replayed} by a replayed answer), in the database ${tally.acknowledged.size - lost}, lost ${lost}`,
  );
  console.log(
    `                   keys that made two products: ${duplicatedKeys}; stored but never acknowledged: ${storedUnacknowledged}`,
  );
}

const backends: Backend[] = [];
if (BACKENDS.includes('pglite')) backends.push(pgliteBackend());
if (BACKENDS.includes('postgres')) {
  if (SERVER_URL) backends.push(postgresBackend(SERVER_URL));
  else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or DATABASE_URL');
}
for (const backend of backends) {
  for (const scenario of SCENARIOS) await runScenario(backend, scenario as 'mixed' | 'overload');
}
