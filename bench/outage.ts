// `node bench/outage.ts`: the outage figures that src/server/db/outage.test.ts deliberately does not time, through a
// loopback proxy in front of PostgreSQL. How long /readyz takes to answer 503 when the database refuses connections,
// and when it keeps its connections open and never answers (the readiness check's own 2 s limit must answer). Then a
// partition: the pool's connections are black-holed for good (the proxy keeps the app's sockets open and silent)
// and the network heals: how long the API (a product list, 4 requests at once on a pool of 2) takes to answer 503,
// how long after the heal until it serves again by itself (after 4 requests met the hole, and after a hole that
// healed before any request met it, its dead connections still idle in the pool), and the slowest single request
// against the request timeout. Prints medians and the slowest of 5 rounds. Needs a PostgreSQL server: BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres); it creates and drops its own database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ulid } from 'ulid';
import { createApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createJobsRepository } from '../src/server/jobs/jobs.repository.ts';
import { createStorage } from '../src/server/storage/create-storage.ts';
import { startTcpProxy } from '../src/server/test/tcp-proxy.ts';

const SERVER_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = 5;

const name = `lootklip_bench_outage_${ulid().toLowerCase()}`;
const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const target = new URL(SERVER_URL);
target.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-outage-'));

const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
const viaProxy = new URL(target);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const database = await openDatabase({ url: viaProxy.toString(), poolSize: 2 });
await migrate(database);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', LIST_CACHE_MS: '0' });
const app = await createApp({
  config,
  database,
  storage: createStorage(config),
  jobs: createJobsRepository(database.db),
  clientDir: null,
});
await app.ready();

async function timeReadiness(): Promise<{ status: number; ms: number }> {
  const startedAt = performance.now();
  const response = await app.inject({ method: 'GET', url: '/readyz' });
  return { status: response.statusCode, ms: performance.now() - startedAt };
}

async function waitUntilReady(): Promise<void> {
  while ((await timeReadiness()).status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function timeList(): Promise<{ status: number; ms: number }> {
  const startedAt = performance.now();
  const response = await app.inject({ method: 'GET', url: '/api/v1/content?type=product' });
  return { status: response.statusCode, ms: performance.now() - startedAt };
}

function describeTimes(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, slowest ${sorted.at(-1)!.toFixed(0)} ms`;
}

try {
  for (const outage of ['cut', 'stall'] as const) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await waitUntilReady();
      await proxy[outage]();
      const { status, ms } = await timeReadiness();
      if (status !== 503) throw new Error(`/readyz answered ${status} during a ${outage}, expected 503`);
      times.push(ms);
      await proxy.restore();
    }
    times.sort((a, b) => a - b);
    const label = outage === 'cut' ? 'refused connections' : 'database never answers';
    console.log(
      `${label.padEnd(24)} 503 after median ${times[Math.floor(ROUNDS / 2)]!.toFixed(0)} ms, ` +
        `slowest ${times.at(-1)!.toFixed(0)} ms (readiness limit 2000 ms)`,
    );
  }

  const firstAnswers: number[] = [];
  const recoveries: number[] = [];
  let slowestRequest = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await waitUntilReady();
    // Both pool connections open and idle, so the black hole takes them.
    await Promise.all([timeList(), timeList()]);
    proxy.blackHole();
    const during = await Promise.all(Array.from({ length: 4 }, () => timeList()));
    if (during.some(({ status }) => status !== 503)) {
      throw new Error(`the API answered ${during.map(({ status }) => status).join(', ')} in the black hole`);
    }
    firstAnswers.push(...during.map(({ ms }) => ms));
    slowestRequest = Math.max(slowestRequest, ...during.map(({ ms }) => ms));
    proxy.heal();
    const healedAt = performance.now();
    for (;;) {
      const { status, ms } = await timeList();
      slowestRequest = Math.max(slowestRequest, ms);
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recoveries.push(performance.now() - healedAt);
  }
  // A short partition nobody noticed: healed at once, with both black-holed connections still idle in the pool.
  const quietRecoveries: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await waitUntilReady();
    await Promise.all([timeList(), timeList()]);
    proxy.blackHole();
    proxy.heal();
    const healedAt = performance.now();
    for (;;) {
      const { status, ms } = await timeList();
      slowestRequest = Math.max(slowestRequest, ms);
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    quietRecoveries.push(performance.now() - healedAt);
  }
  console.log(`${'black hole: API'.padEnd(24)} 503 after ${describeTimes(firstAnswers)}`);
  console.log(`${'unnoticed short hole'.padEnd(24)} serves again after ${describeTimes(quietRecoveries)}`);
  console.log(`${'after the heal: API'.padEnd(24)} serves again after ${describeTimes(recoveries)}`);
  console.log(
    `${'slowest request'.padEnd(24)} ${slowestRequest.toFixed(0)} ms (request timeout ${config.REQUEST_TIMEOUT_MS} ms)`,
  );
} finally {
  await app.close();
  await database.close();
  await proxy.close();
  const cleanup = new pg.Client({ connectionString: SERVER_URL });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
