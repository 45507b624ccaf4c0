// Rewrites tests/support/vitest/file-durations.json (the order the next vitest run takes, longest
// file first: tests/support/vitest/slow-first-sequencer.ts) from the last full run's file times,
// test-results/vitest-files.json. Run it after a full `npm test` on the 2-core machine kind.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const REPORT = 'test-results/vitest-files.json';
const LIST = 'tests/support/vitest/file-durations.json';

if (!existsSync(REPORT)) {
  console.error(`${REPORT} is missing: run the whole vitest suite first (npm test, or npx vitest run)`);
  process.exit(1);
}
const durations = {};
for (const { key, seconds } of JSON.parse(readFileSync(REPORT, 'utf8'))) {
  durations[key] = Math.round(seconds * 10) / 10;
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(LIST, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} files' durations written to ${LIST}`);
