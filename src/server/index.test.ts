// The real server process: start (removing a killed process's temporary uploads), refuse a second process on
// the same data, and stop cleanly on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from './test/free-port.ts';

const NODE = path.resolve('node_modules/.bin/node');
const SERVER = path.resolve('src/server/index.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-process-'));
/** The servers' TMPDIR, where their upload folders go. */
const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-process-tmp-'));
const uploadRoot = path.join(tmpDir, 'lootklip-uploads');

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
      TMPDIR: tmpDir,
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
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

describe('server process', () => {
  it("removes killed processes' uploads, serves, refuses a second process on the same DATA_DIR, and stops cleanly on SIGTERM", async () => {
    // A killed process's upload folder: its lock file is there, but nobody holds it.
    fs.mkdirSync(path.join(uploadRoot, 'killed'), { recursive: true });
    fs.writeFileSync(path.join(uploadRoot, 'killed', 'cut-off.upload'), 'part of a file');
    fs.writeFileSync(path.join(uploadRoot, 'killed.lock'), '');

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
    expect(first.output()).toContain('temporary uploads of stopped processes removed');
    expect(fs.existsSync(path.join(uploadRoot, 'killed'))).toBe(false);
    expect(fs.readdirSync(uploadRoot)).toHaveLength(2); // its own folder and lock file

    const second = startServer(await findFreePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is using the data directory');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(fs.existsSync(path.join(dataDir, 'lootklip.lock'))).toBe(false);
    expect(fs.readdirSync(uploadRoot)).toEqual([]);
  });
});
