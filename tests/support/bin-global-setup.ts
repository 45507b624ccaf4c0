import { buildBin } from '../../scripts/build-bin.mjs';

/**
 * Global setup of vitest's integration projects and of Playwright: bundles `servicepay` and `serve`
 * (scripts/build-bin.mjs, about a second) so every run spawns the programs of the sources as they
 * are now. Once per process: the sqlite and postgres projects share one build.
 */
const built = Symbol.for('servicepay.test.bin-built');
type Memo = { [built]?: Promise<string[]> };

export default async function setup(): Promise<void> {
  const memo = globalThis as Memo;
  memo[built] ??= buildBin();
  await memo[built];
}
