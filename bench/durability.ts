// `npm run bench:durability`: what durable commits cost on the embedded database (decision 0032). Creates rows
// (one INSERT, one commit each, as a job or a product create commits) for BENCH_SECONDS (default 5) with durable
// commits and without, one caller at a time and BENCH_CONCURRENCY (default 32) at once, and prints creates/s both
// ways with their ratio. The data directories go in BENCH_DIR (default the system's temporary directory): run it on
// the disk the data will live on, as fsync costs what that disk makes it cost (a tmpfs makes it free).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { createJobsRepository } from '../src/server/jobs/jobs.repository.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const baseDir = process.env.BENCH_DIR ?? os.tmpdir();

async function measureCreatesPerSecond(durableCommits: boolean, callers: number): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(baseDir, 'lootklip-bench-durability-'));
  const database = await openDatabase({ dataDir, durableCommits });
  try {
    await migrate(database);
    const jobs = createJobsRepository(database.db);
    let created = 0;
    const started = performance.now();
    const endsAt = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: callers }, async () => {
        while (performance.now() < endsAt) {
          await jobs.create({ type: 'bench.durability', payload: { n: created } });
          created += 1;
        }
      }),
    );
    return created / ((performance.now() - started) / 1000);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function describeDisk(dir: string): string {
  try {
    return execFileSync('df', ['-T', dir], { encoding: 'utf8' }).trim().split('\n').at(-1) ?? dir;
  } catch {
    return dir;
  }
}

console.log(`Data directories in ${baseDir}: ${describeDisk(baseDir)}`);
console.log(`${SECONDS} s per run; creates/s (one INSERT, one commit each)\n`);
console.log('callers | durable | not durable | durable / not durable');
for (const callers of [1, CONCURRENCY]) {
  const durable = await measureCreatesPerSecond(true, callers);
  const relaxed = await measureCreatesPerSecond(false, callers);
  console.log(
    `${String(callers).padStart(7)} | ${durable.toFixed(0).padStart(7)} | ${relaxed.toFixed(0).padStart(11)} | ${(
      durable / relaxed
    ).toFixed(2)}`,
  );
}
