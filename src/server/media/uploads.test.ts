// Temporary uploads left by a killed process are removed when the next process claims its upload folder; those
// of a live process are not.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimUploadDir } from './uploads.ts';

const NODE = path.resolve('node_modules/.bin/node');
const HOLDER = path.resolve('src/server/test/fixtures/hold-upload-dir.ts');
const running: ChildProcess[] = [];
const roots: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((child) => stopProcess(child)));
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** A process holding an upload folder under root with one temporary upload in it; resolves with the folder. */
async function startHolder(root: string): Promise<{ child: ChildProcess; dir: string }> {
  const child = spawn(NODE, [HOLDER, root], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.push(child);
  const dir = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.endsWith('\n')) resolve(output.trim());
    });
  });
  return { child, dir };
}

describe('upload folders', () => {
  it('removes the temporary uploads of a process killed with SIGKILL, and only those', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-upload-root-'));
    roots.push(root);
    const killed = await startHolder(root);
    const alive = await startHolder(root);
    await stopProcess(killed.child);
    expect(fs.readdirSync(killed.dir)).toEqual(['in-progress.upload']);

    const claim = claimUploadDir(root);
    expect(claim.removedLeftovers).toBe(1);
    expect(fs.existsSync(killed.dir)).toBe(false);
    expect(fs.existsSync(`${killed.dir}.lock`)).toBe(false);
    expect(fs.readdirSync(alive.dir)).toEqual(['in-progress.upload']);

    claim.release();
    expect(fs.existsSync(claim.dir)).toBe(false);
    expect(fs.readdirSync(root).sort()).toEqual(
      [path.basename(alive.dir), `${path.basename(alive.dir)}.lock`].sort(),
    );
  });
});
