// Prints what the test runners did, from their JSON reports (vitest, and Playwright when its report
// exists): each runner's passed, failed and skipped, the ten slowest test files and journeys (to keep
// the suite fast), then one plain "N passed, N failed" line summed over both, for CI logs.
import { existsSync, readFileSync } from 'node:fs';

const runners = [];
const slow = [];

const vitest = 'test-results/vitest.json';
if (existsSync(vitest)) {
  const report = JSON.parse(readFileSync(vitest, 'utf8'));
  runners.push({
    name: 'vitest',
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  });
  // Each file's whole time in each project (its hooks, which start services, included), as
  // tests/support/vitest/file-times-reporter.ts wrote it.
  const files = 'test-results/vitest-files.json';
  for (const { key, seconds } of existsSync(files) ? JSON.parse(readFileSync(files, 'utf8')) : []) {
    slow.push({ seconds, what: `vitest ${key.replace(':', ' tests/')}` });
  }
}

const playwright = 'test-results/playwright.json';
if (existsSync(playwright)) {
  const report = JSON.parse(readFileSync(playwright, 'utf8'));
  const stats = report.stats ?? {};
  runners.push({
    name: 'playwright',
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
  });
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          slow.push({ seconds: result.duration / 1000, what: `playwright ${file}: ${spec.title}` });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
}

if (runners.length === 0) {
  console.log('0 passed, 1 failed');
  console.error('no test report was written: the tests did not run');
  process.exit(1);
}

console.log('Slowest ten:');
for (const { seconds, what } of slow.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${what}`);
}
for (const { name, passed, failed, skipped } of runners) {
  console.log(`${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
const sum = (key) => runners.reduce((total, runner) => total + runner[key], 0);
const skipped = sum('skipped');
console.log(`${sum('passed')} passed, ${sum('failed')} failed${skipped ? `, ${skipped} skipped` : ''}`);
