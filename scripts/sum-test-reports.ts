// Adds up Vitest JSON reports (CI runs several suites) and prints one closing summary line.
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`No test report at ${file}: that suite did not finish.`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
