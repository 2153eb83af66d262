// The reference commit of decision 0020 (its measured figures are the baseline of the Lighthouse goal on a slow
// machine), checked out into a temporary git worktree, built and seeded the way that commit's own bench:lighthouse
// did (vite build with NODE_ENV=production; its bench/support/serve-seeded-app.ts), on its own port. It borrows this
// checkout's node_modules (a symlink); when its build fails with them, it says so and installs its own (npm ci).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildClient, findDemoProductId, ROOT, startSeededApp, type Stoppable } from './seeded-app.ts';

export const REFERENCE_COMMIT = '0d41ec5';

function runGit(args: string[]): void {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${result.stderr}`);
}

function buildWithFallback(dir: string): { dir: string } & Stoppable {
  try {
    return buildClient(dir);
  } catch (error) {
    console.log(
      `  the reference ${REFERENCE_COMMIT} did not build with today's node_modules; installing its own (npm ci):\n` +
        `  ${String(error).split('\n').slice(0, 6).join('\n  ')}`,
    );
    fs.rmSync(path.join(dir, 'node_modules'));
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, encoding: 'utf8' });
    if (install.status !== 0)
      throw new Error(`npm ci failed in ${dir}:\n${install.stderr}`, { cause: error });
    return buildClient(dir);
  }
}

/** The reference app, seeded and listening, with a seeded product's id; stop() also removes the worktree. */
export async function startReferenceApp(): Promise<{ baseUrl: string; productId: string } & Stoppable> {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lootklip-reference-'));
  const dir = path.join(parent, 'checkout');
  const started: Stoppable[] = [
    {
      stop: async () => {
        spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
        fs.rmSync(parent, { recursive: true, force: true });
        spawnSync('git', ['worktree', 'prune'], { cwd: ROOT });
      },
    },
  ];
  const stop = async () => {
    for (const item of started.splice(0).reverse()) await item.stop().catch((error) => console.error(error));
  };
  try {
    runGit(['worktree', 'add', '--detach', dir, REFERENCE_COMMIT]);
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    const client = buildWithFallback(dir);
    started.push(client);
    const app = await startSeededApp(client.dir, dir);
    started.push(app);
    return { baseUrl: app.baseUrl, productId: await findDemoProductId(app.baseUrl), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
