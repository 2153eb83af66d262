// Media serving benchmark: 64 KiB range requests at random offsets into one 7 MB MP4, served by our media route
// (Fastify + local storage) and by nginx (one worker each side), loaded by wrk in its own process. Prints both
// request rates and their ratio against the goal (>= 0.4). Loopback only; stops by itself. BENCH_PIN=1 puts both
// servers on core 0 and wrk on core 1 (fairer on a quiet box with spare cores; it starves Node's I/O threads on two).
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { findFfmpeg } from '../src/server/media/ffmpeg.ts';
import { mediaRoutes } from '../src/server/media/media.routes.ts';
import { loadConfig } from '../src/server/config.ts';
import { createStorage } from '../src/server/storage/create-storage.ts';
import { findFreePort } from '../src/server/test/free-port.ts';
import { ensureDebianPackage } from '../scripts/ensure-debian-package.ts';
import { ensureWrk, WRK } from './support/wrk.ts';

const execFileAsync = promisify(execFile);

const GOAL_RATIO = 0.4;
// Alternating rounds, median of each side: a loaded laptop or CI box swings single runs by tens of percent.
const ROUNDS = 5;
const ROUND_SECONDS = 3;
const WARMUP_SECONDS = 1;
const CONNECTIONS = 32;
const RANGE_BYTES = 64 * 1024;
const TARGET_FILE_BYTES = 7 * 1024 * 1024;
// Hard stop for the whole run, whatever hangs.
const OVERALL_TIMEOUT_MS = 180_000;
const HOST = '127.0.0.1';
const NGINX = '/usr/sbin/nginx';

const children: ChildProcess[] = [];
let tempDir: string | undefined;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function hasCommand(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, HOST, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${HOST}:${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createVideo(dir: string): Promise<string> {
  const tools = await findFfmpeg({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
  const out = path.join(dir, 'bench.mp4');
  const seconds = 10;
  const kbps = Math.round((TARGET_FILE_BYTES * 8) / seconds / 1000);
  await execFileAsync(tools.ffmpegPath, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=720x1280:rate=30:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${kbps}k`,
    '-bufsize',
    `${kbps}k`,
    '-movflags',
    '+faststart',
    out,
  ]);
  return out;
}

function buildNginxConfig(dir: string, port: number, mediaRoot: string): string {
  const version = execFileSync(NGINX, ['-V'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tempPaths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .filter(
      (module) => module === 'client_body' || !String(version).includes(`--without-http_${module}_module`),
    )
    .map((module) => `  ${module}_temp_path ${path.join(dir, `nginx-${module}`)};`)
    .join('\n');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nodelay on;
  keepalive_requests 100000;
${tempPaths}
  types { video/mp4 mp4; }
  server {
    listen ${HOST}:${port};
    location /media/ { alias ${mediaRoot}/; }
  }
}
`;
}

/**
 * With two or more cores, both servers (this process, with its I/O threads, and nginx, its child) share core 0 and
 * wrk gets core 1, so neither side competes with the load generator. Returns the prefix for running wrk.
 */
function pinToCores(): string[] {
  if (process.env.BENCH_PIN !== '1' || os.availableParallelism() < 2 || !hasCommand('taskset')) return [];
  execFileSync('taskset', ['-a', '-c', '-p', '0', String(process.pid)], { stdio: 'ignore' });
  return ['taskset', '-c', '1'];
}

async function runWrk(
  wrkCommand: string[],
  url: string,
  script: string,
  seconds: number,
): Promise<{ rps: number; errors: number }> {
  const [command, ...prefix] = wrkCommand as [string, ...string[]];
  const { stdout } = await execFileAsync(
    command,
    [
      ...prefix,
      '-t',
      '1',
      '-c',
      String(CONNECTIONS),
      '-d',
      `${seconds}s`,
      '--timeout',
      '5s',
      '-s',
      script,
      url,
    ],
    { timeout: (seconds + 30) * 1000 },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const errors =
    non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0);
  if (!Number.isFinite(rps)) throw new Error(`Could not read wrk output:\n${stdout}`);
  return { rps, errors };
}

async function checkRange(url: string, size: number): Promise<void> {
  const response = await fetch(url, { headers: { range: `bytes=0-${RANGE_BYTES - 1}` } });
  const body = await response.arrayBuffer();
  if (
    response.status !== 206 ||
    body.byteLength !== RANGE_BYTES ||
    response.headers.get('content-range') !== `bytes 0-${RANGE_BYTES - 1}/${size}`
  ) {
    throw new Error(
      `${url} did not answer a range correctly (status ${response.status}, ${body.byteLength} bytes)`,
    );
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
  await exited;
  clearTimeout(timer);
}

async function main(): Promise<void> {
  const nginx = ensureDebianPackage(NGINX, 'nginx-light', 'bench:media needs');
  ensureWrk('bench:media needs');
  const wrkCommand = [...pinToCores(), WRK];

  tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lootklip-bench-media-'));
  const mediaRoot = path.join(tempDir, 'media');
  const video = await createVideo(tempDir);
  const bytes = await fs.readFile(video);
  const key = `vid/${createHash('sha256').update(bytes).digest('hex')}.mp4`;
  // Local disk under DATA_DIR/media, configured as the server configures it by default.
  const storage = createStorage(loadConfig({ DATA_DIR: tempDir }));
  await storage.put(key, video, { contentType: 'video/mp4' });
  const size = bytes.length;
  console.log(
    `bench:media  file ${(size / 1024 / 1024).toFixed(1)} MB, ${RANGE_BYTES / 1024} KiB ranges at random offsets, ` +
      `${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s, wrk 1 thread, ` +
      `one event loop / one nginx worker${wrkCommand.length > 1 ? ', servers on core 0, wrk on core 1' : ''}`,
  );

  const app = Fastify({ logger: false });
  await app.register(mediaRoutes, { storage });
  await app.listen({ host: HOST, port: 0 });
  const appPort = (app.server.address() as net.AddressInfo).port;

  const nginxPort = await findFreePort();
  const nginxConfig = path.join(tempDir, 'nginx.conf');
  await fs.writeFile(nginxConfig, buildNginxConfig(tempDir, nginxPort, mediaRoot));
  const nginxProcess = spawn(
    nginx,
    ['-p', tempDir, '-e', path.join(tempDir, 'nginx-error.log'), '-c', nginxConfig],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.push(nginxProcess);
  let nginxStderr = '';
  nginxProcess.stderr?.on('data', (chunk: Buffer) => (nginxStderr += chunk.toString()));
  await waitForPort(nginxPort).catch((error: Error) =>
    fail(`nginx did not start: ${error.message}\n${nginxStderr}`),
  );

  const script = path.join(tempDir, 'ranges.lua');
  await fs.writeFile(
    script,
    `math.randomseed(os.time())
local size, chunk = ${size}, ${RANGE_BYTES}
request = function()
  local first = math.random(0, size - chunk)
  return wrk.format("GET", nil, { ["Range"] = "bytes=" .. first .. "-" .. (first + chunk - 1) })
end
`,
  );

  const targets = [
    ['media route', `http://${HOST}:${appPort}/media/${key}`],
    ['nginx', `http://${HOST}:${nginxPort}/media/${key}`],
  ] as const;
  const samples = new Map<string, number[]>(targets.map(([name]) => [name, []]));
  for (const [, url] of targets) {
    await checkRange(url, size);
    await runWrk(wrkCommand, url, script, WARMUP_SECONDS);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, url] of targets) {
      const { rps, errors } = await runWrk(wrkCommand, url, script, ROUND_SECONDS);
      if (errors > 0) throw new Error(`${name}: ${errors} failed or non-206 responses`);
      samples.get(name)!.push(rps);
    }
  }
  const medians = new Map([...samples].map(([name, values]) => [name, median(values)]));
  for (const [name] of targets) {
    const rps = medians.get(name)!;
    const runs = samples
      .get(name)!
      .map((value) => value.toFixed(0))
      .join(', ');
    console.log(
      `  ${name.padEnd(12)} ${rps.toFixed(0).padStart(8)} requests/s median  (${((rps * RANGE_BYTES) / 1024 / 1024).toFixed(0)} MiB/s; runs ${runs})`,
    );
  }
  const ratio = medians.get('media route')! / medians.get('nginx')!;
  console.log(
    `  ratio        ${ratio.toFixed(2)} of nginx (goal >= ${GOAL_RATIO}): ${ratio >= GOAL_RATIO ? 'PASS' : 'FAIL'}`,
  );

  await app.close();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function cleanUp(): Promise<void> {
  await Promise.allSettled(children.map(stopChild));
  if (tempDir) await fs.rm(tempDir, { recursive: true, force: true });
}

const overall = setTimeout(() => {
  console.error(`bench:media did not finish within ${OVERALL_TIMEOUT_MS / 1000} s; stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);
overall.unref();

try {
  await main();
} catch (error) {
  console.error(`bench:media failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
  clearTimeout(overall);
}
