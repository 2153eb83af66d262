// `npm run bench:shutdown`: SIGTERM under load, as decision 0055 describes it. Each run starts the real
// server process on PGlite (fresh DATA_DIR), runs 40 keep-alive create loops without Idempotency-Keys and starts 10
// slow uploads (bodies trickling over 1.5 s), then sends SIGTERM. The loops go on like clients behind a balancer
// that never checks readiness: after a `Connection: close` they connect again, and stop only when refused. Counts
// per run: requests reset or hung up (the failure: the client cannot know whether its create was taken), refused
// connections (fine: nothing was taken), creates acknowledged, products stored (reopening the data directory; more
// stored than acknowledged means creates that committed and were reset), and how long the stop took.
// BENCH_RUNS (default 10), BENCH_SERVER (the server script: another checkout's src/server/index.ts measures it),
// BENCH_POLITE=1 (loops stop at their first `Connection: close`, as a client that heeds the lame duck).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database.ts';
import { findFreePort } from '../src/server/test/free-port.ts';
import { SELLER_CONTACT } from '../src/server/test/product-body.ts';

const NODE = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
const SERVER = path.resolve(
  process.env.BENCH_SERVER ?? path.join(import.meta.dirname, '../src/server/index.ts'),
);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const POLITE = process.env.BENCH_POLITE === '1';
const LOOPS = 40;
const SLOW_UPLOADS = 10;

interface RunResult {
  resets: number;
  uploadResets: number;
  refused: number;
  acknowledged: number;
  stored: number;
  afterSignal: number;
  stopMs: number;
  exitCode: number | null;
}

function send(port: number, agent: http.Agent, token: string, body: string) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: '/api/v1/content',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode!, connection: response.headers.connection }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A 1x1 PNG in a multipart body, sent in 6 pieces 250 ms apart; resolves with the status or the socket error. */
function slowUpload(port: number, token: string): Promise<string> {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYGAAAAAEAAH2FzhVAAAAAElFTkSuQmCC',
    'base64',
  );
  const boundary = 'benchshutdown';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let failure = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
    socket.on('close', () => resolve(failure || answer.split('\r\n')[0] || 'closed without an answer'));
    socket.once('connect', async () => {
      socket.write(
        `POST /api/v1/media/images HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      const size = Math.ceil(body.length / 6);
      for (let offset = 0; offset < body.length; offset += size) {
        await new Promise((wait) => setTimeout(wait, 250));
        if (socket.destroyed) return;
        socket.write(body.subarray(offset, offset + size));
      }
    });
  });
}

async function run(index: number): Promise<RunResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-bench-shutdown-'));
  const port = await findFreePort();
  const child = spawn(NODE, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TMPDIR: dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (response) => response.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((wait) => setTimeout(wait, 100));
    }
    const signUp = await fetch(`http://127.0.0.1:${port}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `bench${index}@example.in`,
        password: 'a long passphrase',
        username: `bench${index}`,
        fullName: 'Bench Shutdown',
      }),
    });
    const token = ((await signUp.json()) as { data: { idToken: string } }).data.idToken;
    const result = { resets: 0, refused: 0, acknowledged: 0, afterSignal: 0 };
    let signalled = false;
    let signalledAt = 0;
    const errors = new Map<string, number>();
    let sent = 0;
    const loops = Array.from({ length: LOOPS }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (;;) {
          const body = JSON.stringify({
            type: 'product',
            name: `Bench product ${(sent += 1)}`,
            price: 499,
            category: 'Home',
            ...SELLER_CONTACT,
          });
          try {
            const answer = await send(port, agent, token, body);
            if (answer.status === 201) result.acknowledged += 1;
            if (signalled) result.afterSignal += 1;
            if (answer.connection === 'close' && POLITE) return;
          } catch (error) {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'ECONNREFUSED') {
              result.refused += 1;
              return;
            }
            result.resets += 1;
            const kind = `${code ?? (error as Error).message} ${Math.round(performance.now() - signalledAt)} ms`;
            errors.set(kind, (errors.get(kind) ?? 0) + 1);
            if (child.exitCode !== null) return;
          }
        }
      } finally {
        agent.destroy();
      }
    });
    await new Promise((wait) => setTimeout(wait, 1000));
    const uploads = Array.from({ length: SLOW_UPLOADS }, () => slowUpload(port, token));
    await new Promise((wait) => setTimeout(wait, 100));
    signalledAt = performance.now();
    signalled = true;
    child.kill('SIGTERM');
    await Promise.all(loops);
    const uploadAnswers = await Promise.all(uploads);
    const exitCode = await exited;
    const stopMs = Math.round(performance.now() - signalledAt);
    const database = await openDatabase({ dataDir });
    const stored = await database.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    await database.close();
    if (process.env.BENCH_DEBUG)
      console.log(
        output
          .split('\n')
          .filter((line) => line.includes('stopped '))
          .join('\n'),
      );
    if (errors.size > 0)
      console.log('  resets (error, ms after SIGTERM):', [...errors].slice(0, 12).join('; '));
    return {
      ...result,
      uploadResets: uploadAnswers.filter((answer) => !answer.startsWith('HTTP/1.1')).length,
      stored: Number(stored.count),
      stopMs,
      exitCode,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `server: ${SERVER}; ${RUNS} runs; loops ${POLITE ? 'stop at Connection: close' : 'reconnect until refused'}`,
);
const results: RunResult[] = [];
for (let index = 0; index < RUNS; index += 1) {
  const result = await run(index);
  results.push(result);
  console.log(
    `run ${index + 1}: create resets ${result.resets}, upload resets ${result.uploadResets}/${SLOW_UPLOADS}, ` +
      `refused ${result.refused}, acknowledged ${result.acknowledged}, stored ${result.stored}, ` +
      `answered after SIGTERM ${result.afterSignal}, stopped after ${result.stopMs} ms, exit ${result.exitCode}`,
  );
}
const total = (key: 'resets' | 'uploadResets') => results.reduce((sum, result) => sum + result[key], 0);
console.log(
  `runs with a reset: ${results.filter((result) => result.resets + result.uploadResets > 0).length}/${RUNS}; ` +
    `create resets ${total('resets')}, upload resets ${total('uploadResets')}; ` +
    `stored beyond acknowledged ${results.reduce((sum, result) => sum + result.stored - result.acknowledged, 0)}`,
);
