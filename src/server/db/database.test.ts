import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE } from './data-dir-lock.ts';
import { openDatabase } from './database.ts';
import { listMigrations, migrate } from './migrate.ts';

const NODE = path.resolve('node_modules/.bin/node');
const WRITER = path.resolve('src/server/test/fixtures/write-forever.ts');
const dirs: string[] = [];

function makeDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-db-'));
  dirs.push(dir);
  return dir;
}

/**
 * Two PID namespaces need root (unshare --pid); each process started in one is PID 1 there, as node is in a
 * container. Checked once: root in a container without CAP_SYS_ADMIN cannot unshare either.
 */
const UNSHARE = ['--pid', '--fork', '--mount-proc', '--kill-child'];
const canUnshare =
  process.getuid?.() === 0 && spawnSync('unshare', [...UNSHARE, 'true'], { timeout: 10_000 }).status === 0;
const NEEDS_UNSHARE = 'needs root with unshare --pid (skipped otherwise)';

interface Started {
  child: ChildProcess;
  /** Resolves at the writer's 'ready' line (true) or its exit before it (false). */
  ready: Promise<boolean>;
  stderr(): string;
  /** Ids the writer acknowledged so far (each printed after its insert committed). */
  acknowledged: string[];
}

/** The writer fixture on dataDir, in a PID namespace of its own. */
function startWriterInNamespace(dataDir: string): Started {
  const child = spawn('unshare', [...UNSHARE, NODE, WRITER, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let stderr = '';
  let buffered = '';
  const acknowledged: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = new Promise<boolean>((resolve) => {
    child.once('exit', () => resolve(false));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') resolve(true);
        else if (line) acknowledged.push(line);
      }
    });
  });
  return { child, ready, stderr: () => stderr, acknowledged };
}

/** The writer's own pid as the host sees it: the one child of unshare's forked process. */
function findNamespacedPid(unsharePid: number): number {
  const children = fs.readFileSync(`/proc/${unsharePid}/task/${unsharePid}/children`, 'utf8').trim();
  const pid = Number.parseInt(children.split(' ')[0] ?? '', 10);
  if (!Number.isInteger(pid)) throw new Error(`unshare ${unsharePid} has no child`);
  return pid;
}

const running: ChildProcess[] = [];

afterEach(async () => {
  // unshare --kill-child takes its writer down with it; its exit comes after it reaped the writer.
  await Promise.all(
    running.splice(0).map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite database', () => {
  it('applies each migration once', async () => {
    const dataDir = makeDataDir();
    const first = await openDatabase({ dataDir });
    expect(await migrate(first)).toEqual(await listMigrations());
    await first.close();
    const second = await openDatabase({ dataDir });
    expect(await migrate(second)).toEqual([]);
    await second.close();
  });

  it('refuses a second process on the same data directory with a clear message', async () => {
    const dataDir = makeDataDir();
    const database = await openDatabase({ dataDir });
    try {
      const result = spawnSync(NODE, [WRITER, dataDir], { encoding: 'utf8', timeout: 30_000 });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(
        `Another Lootklip process (pid ${process.pid}) is using the data directory`,
      );
      expect(result.stdout).not.toContain('ready');
    } finally {
      await database.close();
    }
  });

  it('loses no acknowledged write when the process is killed with SIGKILL', async () => {
    const dataDir = makeDataDir();
    const child = spawn(NODE, [WRITER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    const acknowledged: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let buffered = '';
      child.on('exit', () => reject(new Error('writer exited early')));
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        acknowledged.push(...lines.filter((line) => line && line !== 'ready'));
        if (acknowledged.length >= 200) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('close', resolve));

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db
        .selectFrom('jobs')
        .select('id')
        .where('type', '=', 'durability')
        .execute();
      const stored = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!canUnshare)(
    `refuses a second process in another PID namespace while the first runs (${NEEDS_UNSHARE})`,
    async () => {
      const dataDir = makeDataDir();
      const first = startWriterInNamespace(dataDir);
      expect(await first.ready).toBe(true);
      // Both are PID 1 in their namespaces: a pid in the lock file cannot tell them apart, the kernel's lock can.
      const second = startWriterInNamespace(dataDir);
      expect(await second.ready).toBe(false);
      expect(second.stderr()).toContain('Another Lootklip process (pid 1) is using the data directory');
      expect(first.child.exitCode).toBeNull();
    },
  );

  it.skipIf(!canUnshare)(
    `opens at the first try right after the owner in another PID namespace was killed with SIGKILL (${NEEDS_UNSHARE})`,
    async () => {
      const dataDir = makeDataDir();
      const owner = startWriterInNamespace(dataDir);
      expect(await owner.ready).toBe(true);
      await expect
        .poll(() => owner.acknowledged.length, { timeout: 30_000, interval: 20 })
        .toBeGreaterThan(20);
      const exited = new Promise((resolve) => owner.child.once('exit', resolve));
      process.kill(findNamespacedPid(owner.child.pid!), 'SIGKILL');
      // unshare exits once it has reaped the writer: the writer is gone, descriptors and all.
      await exited;

      // The dead owner wrote pid 1, which in this namespace is a live process (init): no reason to refuse.
      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db.selectFrom('jobs').select('id').execute();
        const stored = new Set(rows.map((row) => row.id));
        expect(owner.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      } finally {
        await database.close();
      }
    },
  );

  it('opens over a lock file that no process holds, whatever pid it names', async () => {
    const dataDir = makeDataDir();
    // As an owner in another PID namespace or container leaves it when it dies: its pid, here a live one (init).
    fs.writeFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), '1 another-host\n');
    const database = await openDatabase({ dataDir });
    await database.close();
  });
});
