// Updates tests/support/vitest/file-durations.json (the order the next vitest run takes, longest
// file first: tests/support/vitest/slow-first-sequencer.ts) from the last run's file times,
// test-results/vitest-files.json: the files that ran get their new time, the others keep theirs,
// and files that no longer exist leave the list. Times from the 2-core machine kind mean most.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const REPORT = 'test-results/vitest-files.json';
const LIST = 'tests/support/vitest/file-durations.json';

if (!existsSync(REPORT)) {
  console.error(`${REPORT} is missing: run vitest first (npm test, or npx vitest run)`);
  process.exit(1);
}
const durations = existsSync(LIST) ? JSON.parse(readFileSync(LIST, 'utf8')) : {};
const ran = JSON.parse(readFileSync(REPORT, 'utf8'));
for (const { key, seconds } of ran) durations[key] = Math.round(seconds * 10) / 10;
const kept = Object.entries(durations).filter(([key]) => existsSync(`tests/${key.slice(key.indexOf(':') + 1)}`));
writeFileSync(LIST, `${JSON.stringify(Object.fromEntries(kept.sort(([a], [b]) => (a < b ? -1 : 1))), null, 2)}\n`);
console.log(`${ran.length} files' times written to ${LIST} (${kept.length} files listed)`);
