// Builds the web client when any of its sources is newer than the last build, so a second start is instant.
import { spawn, spawnSync } from 'node:child_process';
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
const BUILT_SERVER_ENTRY = path.join(ROOT, 'dist/server/entry-server.js');
const VITE = path.join(ROOT, 'node_modules/.bin/vite');
/** The browser's build into dist/client; the server render's into dist/server (decision 0080). */
const VITE_BUILDS = [
  ['build', '--mode', 'production', '--logLevel', 'warn'],
  ['build', '--mode', 'production', '--logLevel', 'warn', '--ssr'],
];

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
  if (!fs.existsSync(BUILT_INDEX) || !fs.existsSync(BUILT_SERVER_ENTRY)) return true;
  const builtAt = fs.statSync(BUILT_INDEX).mtimeMs;
  return CLIENT_SOURCES.some((source) => findNewestMtimeMs(path.join(ROOT, source)) > builtAt);
}

/**
 * Always a production build, whoever asks: Vite bundles React's development build when NODE_ENV says otherwise,
 * and Vitest (the browser tests build from inside it) sets NODE_ENV=test.
 */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

export function buildClientIfStale({ quiet = false }: { quiet?: boolean } = {}): void {
  if (!isClientBuildStale()) return;
  if (!quiet) console.log('Building the web client...');
  for (const args of VITE_BUILDS) {
    const result = spawnSync(VITE, args, {
      cwd: ROOT,
      env: BUILD_ENV,
      stdio: quiet ? 'pipe' : 'inherit',
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      throw new Error(`The web client build failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
    }
  }
}

/**
 * As buildClientIfStale, without blocking this process while Vite works: `npm start`'s starting server keeps
 * answering on the port meanwhile (decision 0051). Vite's warnings and errors go to the terminal.
 */
export async function buildClientIfStaleInBackground(): Promise<boolean> {
  if (!isClientBuildStale()) return false;
  console.log('Building the web client...');
  for (const args of VITE_BUILDS) {
    const child = spawn(VITE, args, { cwd: ROOT, env: BUILD_ENV, stdio: 'inherit' });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`The web client build failed (exit code ${code}): see the lines above.`);
  }
  return true;
}

if (import.meta.main) buildClientIfStale();
