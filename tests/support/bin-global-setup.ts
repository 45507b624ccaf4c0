import { buildBin } from '../../scripts/build-bin.mjs';
import { makeSqliteTemplate, TEMPLATE_ENV } from './sqlite-template.js';

/**
 * Global setup of vitest's integration projects and of Playwright: bundles `servicepay` and `serve`
 * (scripts/build-bin.mjs, about a second) so every run spawns the programs of the sources as they
 * are now, and migrates the SQLite template each test's data folder copies
 * (tests/support/sqlite-template.ts), named to the workers in SERVICEPAY_TEST_SQLITE_TEMPLATE.
 * Once per process: the sqlite and postgres projects share one build and one template, deleted
 * when the last of them ends.
 */
const state = Symbol.for('servicepay.test.global-setup');
interface Shared {
  ready: Promise<{ remove(): void }>;
  users: number;
}
type Memo = { [state]?: Shared };

export default async function setup(): Promise<() => void> {
  const memo = globalThis as Memo;
  memo[state] ??= {
    users: 0,
    ready: buildBin().then(async () => {
      const template = await makeSqliteTemplate();
      process.env[TEMPLATE_ENV] = template.file;
      return template;
    }),
  };
  const shared = memo[state];
  shared.users += 1;
  const template = await shared.ready;
  return () => {
    shared.users -= 1;
    if (shared.users === 0) template.remove();
  };
}
