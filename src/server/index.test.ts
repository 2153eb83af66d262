// The real server process: start, refuse a second process on the same data, and stop cleanly on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from './test/free-port.ts';

const NODE = path.resolve('node_modules/.bin/node');
const SERVER = path.resolve('src/server/index.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-process-'));

function startServer(port: number): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(NODE, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server process', () => {
  it('serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM', async () => {
    const port = await findFreePort();
    const first = startServer(port);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(200);
    expect(first.output()).toContain('Lootklip is running at');
    expect(first.output()).toContain('ffmpeg found');

    const second = startServer(await findFreePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is using the data directory');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'lootklip.lock'))).toBe(false);
  });
});
