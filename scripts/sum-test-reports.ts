// Adds up Vitest JSON reports (CI runs several suites) and prints one closing summary line, after the names of the
// tests that failed (CI keeps only the end of the output, where the runner's own list is long gone).
import fs from 'node:fs';
import path from 'node:path';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`No test report at ${file}: that suite did not finish.`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as VitestReport;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const testFile of report.testResults) {
    const where = `${path.basename(file)}: ${path.relative(process.cwd(), testFile.name)}`;
    const failedTests = testFile.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${where} > ${test.fullName}`);
    if (testFile.status === 'failed' && failedTests.length === 0) {
      failures.push(`${where} (outside its tests: ${(testFile.message ?? '').split('\n')[0]})`);
    }
  }
}
if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
