// The Debian tools that the tests and benchmarks drive (chromium, wrk, nginx), never downloaded builds: installed
// with apt-get when missing and running as root (as on CI), otherwise one clear line and exit 1.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Waits for apt's locks rather than failing at once: a machine just booted may be updating its lists itself. */
const APT_LOCK_TIMEOUT_SECONDS = 600;

function aptGet(args: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = ['-o', `DPkg::Lock::Timeout=${APT_LOCK_TIMEOUT_SECONDS}`];
  return spawnSync('apt-get', [...options, ...args], { stdio: 'inherit', env }).status === 0;
}

/**
 * Returns `binary` (an absolute path), installing `debianPackage` first when it is missing. `purpose` completes the
 * messages: "Browser tests need ...", "bench:media needs ...". With `preferred`, a tool that has a fallback
 * (ffmpeg's npm build): when not root, say how to install it and return undefined instead of stopping.
 */
export function ensureDebianPackage(binary: string, debianPackage: string, purpose: string): string;
export function ensureDebianPackage(
  binary: string,
  debianPackage: string,
  purpose: string,
  options: { preferred: boolean },
): string | undefined;
export function ensureDebianPackage(
  binary: string,
  debianPackage: string,
  purpose: string,
  { preferred = false } = {},
): string | undefined {
  if (fs.existsSync(binary)) return binary;
  const advice = `${purpose} Debian's ${debianPackage} package (${binary}): run \`sudo apt-get install -y ${debianPackage}\`.`;
  if (process.getuid?.() !== 0) {
    console.error(advice);
    if (preferred) return undefined;
    process.exit(1);
  }
  console.log(`Installing Debian ${debianPackage} (${purpose.toLowerCase()} it)...`);
  const install = ['install', '-y', '-qq', debianPackage];
  // A fresh machine's package lists may be empty or stale: read them only when the install needs it.
  const installed = aptGet(install) || (aptGet(['update', '-qq']) && aptGet(install));
  if (!installed || !fs.existsSync(binary)) {
    console.error(`apt-get could not install it. ${advice}`);
    process.exit(1);
  }
  return binary;
}
