import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's run in one project: its whole time (hooks, collection and tests) and its tests'. */
export interface FileTime {
  /** `project:path` below tests/, the key tests/support/vitest/file-durations.json uses. */
  key: string;
  seconds: number;
  testSeconds: number;
}

export const FILE_TIMES_REPORT = 'test-results/vitest-files.json';

/** Keys a file by its project and its path below tests/ (the same on every machine). */
export const fileKey = (project: string, moduleId: string) => `${project}:${moduleId.replace(/^.*?\/tests\//, '')}`;

/**
 * Writes each test file's time, hooks included (the JSON reporter counts its tests only, which hides
 * a file whose beforeAll starts three services), for `npm test`'s slowest-ten list
 * (scripts/test-summary.mjs) and for the order the next run takes (`npm run test:durations`).
 */
export default class FileTimesReporter implements Reporter {
  private readonly times: FileTime[] = [];

  onTestModuleEnd(module: TestModule): void {
    const { duration, collectDuration, setupDuration } = module.diagnostic();
    let testSeconds = 0;
    for (const test of module.children.allTests()) testSeconds += (test.diagnostic()?.duration ?? 0) / 1000;
    this.times.push({
      key: fileKey(module.project.name, module.moduleId),
      seconds: (duration + collectDuration + setupDuration) / 1000,
      testSeconds,
    });
  }

  onTestRunEnd(): void {
    mkdirSync(dirname(FILE_TIMES_REPORT), { recursive: true });
    writeFileSync(FILE_TIMES_REPORT, `${JSON.stringify(this.times, null, 1)}\n`);
  }
}
