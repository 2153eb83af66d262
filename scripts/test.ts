// `npm test`: every test (unit, API, client, browser) in one Vitest run, after making sure the browser tests
// can run here (Debian's chromium, installed with apt-get when running as root). Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CHROMIUM = '/usr/bin/chromium';
const REPORT = path.resolve(ROOT, process.env.TEST_REPORT_FILE ?? 'tmp/vitest-report.json');

function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error("Browser tests need Debian's chromium package: run `sudo apt-get install -y chromium`.");
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(
        "Could not install Debian's chromium package (apt-get failed); browser tests cannot run.",
      );
      process.exit(1);
    }
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const args = process.argv.slice(2);
const runsBrowser = !args.includes('--project') || args.includes('e2e');
if (runsBrowser) ensureChromium();

fs.mkdirSync(path.dirname(REPORT), { recursive: true });
fs.rmSync(REPORT, { force: true });
const result = spawnSync(
  path.join(ROOT, 'node_modules/.bin/vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`, ...args],
  { cwd: ROOT, stdio: 'inherit' },
);

if (fs.existsSync(REPORT)) {
  const report = JSON.parse(fs.readFileSync(REPORT, 'utf8')) as VitestReport;
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(result.status ?? 1);
