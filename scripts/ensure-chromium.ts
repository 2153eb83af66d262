// Debian's chromium, which the browser tests and bench:lighthouse drive (never a downloaded browser): installed
// with apt-get when missing and running as root, otherwise a clear message and exit.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';
/** How every automated run starts it (headless mode is each caller's own): nothing phones home or updates. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** `purpose` completes the messages: "Browser tests need ...", "bench:lighthouse needs ...". */
export function ensureChromium(purpose: string): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(`${purpose} Debian's chromium package: run \`sudo apt-get install -y chromium\`.`);
    process.exit(1);
  }
  console.log(`Installing Debian chromium (${purpose.toLowerCase()} it)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`Could not install Debian's chromium package (apt-get failed). ${purpose} it.`);
      process.exit(1);
    }
  }
}
