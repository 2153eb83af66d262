import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

afterEach(() => {
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
});
