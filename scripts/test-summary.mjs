// Prints one plain "N passed, N failed" line summed over the JSON reports of the test runners
// (vitest now; Playwright when its report exists), for CI logs.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let reports = 0;

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  reports += 1;
}

const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const stats = JSON.parse(readFileSync(playwright, 'utf8')).stats ?? {};
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
  reports += 1;
}

if (reports === 0) {
  console.log('0 passed, 1 failed');
  console.error('no test report was written: the tests did not run');
  process.exit(1);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
