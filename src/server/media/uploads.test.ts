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

  it('never takes a claim in the making for a dead one: a sweep between its create and its lock leaves it be', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-upload-root-'));
    roots.push(root);
    const other: Array<ReturnType<typeof claimUploadDir>> = [];
    let created: { path: string; ino: number } | undefined;
    const claim = claimUploadDir(root, {
      afterLockFileCreated(createdPath) {
        created = { path: createdPath, ino: fs.statSync(createdPath).ino };
        // Another process starting at this moment: its start-up sweep runs while our lock file is not locked yet.
        other.push(claimUploadDir(root));
        // Our file is still there, the same file: the sweep did not lock it, take us for dead and remove it.
        expect(fs.statSync(createdPath).ino).toBe(created.ino);
      },
    });
    expect(created).toBeDefined();
    expect(other[0]!.removedLeftovers).toBe(0);
    // The file created is the lock the claim holds, under its final name.
    expect(fs.statSync(`${claim.dir}.lock`).ino).toBe(created!.ino);
    expect(fs.existsSync(created!.path)).toBe(false);
    fs.writeFileSync(path.join(claim.dir, 'in-progress.upload'), 'x');

    // Later sweeps see a live lock on it: its folder and upload stay.
    const later = claimUploadDir(root);
    expect(later.removedLeftovers).toBe(0);
    expect(fs.readdirSync(claim.dir)).toEqual(['in-progress.upload']);

    for (const held of [later, other[0]!, claim]) held.release();
    expect(fs.readdirSync(root)).toEqual([]);
  });
});
