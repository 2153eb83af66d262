// `npm test`: every test (unit, API, client, browser) in one Vitest run, after making sure the browser tests
// can run here (Debian's chromium, installed with apt-get when running as root) and the video tests use Debian's
// ffmpeg (installed the same way; without root they fall back to the npm package's old build). Ends with one
// summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureDebianPackage } from './ensure-debian-package.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = path.resolve(ROOT, process.env.TEST_REPORT_FILE ?? 'tmp/vitest-report.json');

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  numPendingTests: number;
  numTodoTests: number;
}

const args = process.argv.slice(2);
// The scale-out suite reads pages in the browser too.
const runsBrowser = !args.includes('--project') || args.includes('e2e') || args.includes('scale-out');
if (runsBrowser) ensureChromium('Browser tests need');
// The scale-out suite's worker transcodes klips too.
const runsVideo = !args.includes('--project') || args.includes('server') || args.includes('scale-out');
if (runsVideo) {
  // One package brings both tools.
  ensureDebianPackage('/usr/bin/ffmpeg', 'ffmpeg', 'Video tests should use', { preferred: true });
  ensureDebianPackage('/usr/bin/ffprobe', 'ffmpeg', 'Video tests should use', { preferred: true });
}

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
  // A file can fail outside its tests (an import, a beforeAll or afterAll hook) with every test passed.
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) {
    console.log(
      `${report.numFailedTestSuites} test file(s) failed outside their tests: see the errors above.`,
    );
  }
  if (result.status !== 0 && report.numFailedTests === 0) {
    console.log(`Vitest exited with code ${result.status}: see its errors above.`);
  }
  console.log(`Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(result.status ?? 1);
