// `npm run bench:restart`: how long the server takes to be ready again after `kill -9`, and where that time goes.
// One data directory (demo seed off): a first start, then BENCH_ROUNDS (default 5) rounds of BENCH_WRITES (default
// 200) product creates, `kill -9`, and a restart timed from spawn to /readyz answering 200; then as many clean
// restarts (SIGTERM) to compare. Each restart's phases come from its start line (src/server/startup/
// startup-timings.ts): boot (node and its modules), port, database (open, crash recovery), migrations, ffmpeg, app.
// The kill -9 restarts run without Node's compile cache, then with it (as `npm start` runs), then clean restarts.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '../src/server/test/free-port.ts';
import { SELLER_CONTACT } from '../src/server/test/product-body.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WRITES = Number(process.env.BENCH_WRITES ?? 200);
const WRITERS = 8;
const READY_DEADLINE_MS = 300_000;
const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'lootklip-bench-restart-'));
const port = await findFreePort();
const url = `http://127.0.0.1:${port}`;

interface Start {
  child: ChildProcess;
  readyMs: number;
  phases: Record<string, number>;
}

async function startServer(compileCache: string | undefined): Promise<Start> {
  const startedAt = performance.now();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['src/server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_FORMAT: 'json',
      RATE_LIMIT_MAX: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      // As `npm start` keeps it (scripts/start.ts), or none.
      NODE_COMPILE_CACHE: compileCache ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (performance.now() - startedAt > READY_DEADLINE_MS) throw new Error(`not ready in time:\n${output}`);
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - startedAt;
  // The start line is written at once after listening; wait for it rather than for a time.
  for (;;) {
    const line = output.split('\n').find((text) => text.includes('Lootklip is running at'));
    if (line)
      return { child, readyMs, phases: (JSON.parse(line) as { phases: Record<string, number> }).phases };
    await new Promise((resolve) => child.stdout!.once('data', resolve));
  }
}

async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function signUp(): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const response = await fetch(`${url}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench.${suffix}@example.in`,
      password: 'a long bench passphrase',
      username: `bench.${suffix}`,
      fullName: 'Bench Restart',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { idToken: string } }).data.idToken;
}

/** Product creates, WRITERS at once: committed rows and WAL for the next start's recovery to go through. */
async function writeProducts(token: string): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < WRITES) {
        const index = next++;
        const response = await fetch(`${url}/api/v1/content`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            type: 'product',
            name: `Restart bench product ${index}`,
            description: 'Written just before the server is killed.',
            price: 499,
            category: 'Fashion - Women',
            ...SELLER_CONTACT,
          }),
        });
        if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
      }
    }),
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => (ms / 1000).toFixed(2).padStart(6);

const rows: Array<{ kind: string; readyMs: number; phases: Record<string, number> }> = [];
const compileCacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-compile-cache-'));
/** Without Node's compile cache (`node src/server/index.ts`), and with it, as `npm start` runs the server. */
const KINDS = [
  { kind: 'kill -9', signal: 'SIGKILL', compileCache: undefined },
  { kind: 'kill -9, compile cache', signal: 'SIGKILL', compileCache: compileCacheDir },
  { kind: 'SIGTERM, compile cache', signal: 'SIGTERM', compileCache: compileCacheDir },
] as const;
try {
  let server = await startServer(compileCacheDir);
  console.log(`first start (fresh data directory): ${seconds(server.readyMs)} s`);
  const token = await signUp();
  for (const { kind, signal, compileCache } of KINDS) {
    for (let round = 0; round < ROUNDS; round++) {
      await writeProducts(token);
      await stopServer(server.child, signal);
      server = await startServer(compileCache);
      rows.push({ kind, readyMs: server.readyMs, phases: server.phases });
    }
  }
  await stopServer(server.child, 'SIGTERM');
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(compileCacheDir, { recursive: true, force: true });
}

const phaseNames = [...new Set(rows.flatMap((row) => Object.keys(row.phases)))];
console.log(
  `\n${WRITES} product creates before each stop; seconds from spawn to /readyz 200, then each phase`,
);
const KIND_WIDTH = 22;
console.log(
  ['after'.padEnd(KIND_WIDTH), ' ready', ...phaseNames.map((name) => name.padStart(10))].join(' | '),
);
for (const row of rows) {
  console.log(
    [
      row.kind.padEnd(KIND_WIDTH),
      seconds(row.readyMs),
      ...phaseNames.map((name) => seconds(row.phases[name] ?? 0).padStart(10)),
    ].join(' | '),
  );
}
for (const { kind } of KINDS) {
  const own = rows.filter((row) => row.kind === kind);
  console.log(
    `median after ${kind}: ready ${seconds(median(own.map((row) => row.readyMs))).trim()} s (${phaseNames
      .map((name) => `${name} ${seconds(median(own.map((row) => row.phases[name] ?? 0))).trim()} s`)
      .join(', ')})`,
  );
}
