// Debian's chromium, which the browser tests and bench:lighthouse drive (never a downloaded browser), and how
// every automated run starts it.
import { ensureDebianPackage } from './ensure-debian-package.ts';

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
  ensureDebianPackage(CHROMIUM, 'chromium', purpose);
}
