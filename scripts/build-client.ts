// Builds the web client when any of its sources is newer than the last build, so a second start is instant.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_SOURCES = [
  'src/client',
  'src/shared',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  // How the build is made counts too: a change here rebuilds.
  'scripts/build-client.ts',
];
const BUILT_INDEX = path.join(ROOT, 'dist/client/index.html');

function findNewestMtimeMs(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, findNewestMtimeMs(path.join(target, entry)));
  return newest;
}

export function isClientBuildStale(): boolean {
  if (!fs.existsSync(BUILT_INDEX)) return true;
  const builtAt = fs.statSync(BUILT_INDEX).mtimeMs;
  return CLIENT_SOURCES.some((source) => findNewestMtimeMs(path.join(ROOT, source)) > builtAt);
}

/**
 * Always a production build, whoever asks: Vite bundles React's development build when NODE_ENV says otherwise,
 * and Vitest (the browser tests build from inside it) sets NODE_ENV=test.
 */
export function buildClientIfStale({ quiet = false }: { quiet?: boolean } = {}): void {
  if (!isClientBuildStale()) return;
  if (!quiet) console.log('Building the web client...');
  const result = spawnSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--mode', 'production', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    throw new Error(`The web client build failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
}

if (import.meta.main) buildClientIfStale();
