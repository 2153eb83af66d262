// `node bench/outage.ts`: how long /readyz takes to answer 503 when PostgreSQL goes away, the figure that
// src/server/db/outage.test.ts deliberately does not time. Two outages through a loopback proxy: the database
// refuses connections, and the database keeps its connections open and never answers (then the readiness check's
// own limit must answer). Prints the median and the slowest of each against that limit (2 s). Needs a PostgreSQL
// server: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); it creates and drops its own
// database.
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
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
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
