import { existsSync, readFileSync, statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileKey } from './file-times-reporter.js';

/** Each file's seconds on this machine kind, from a full run (`npm run test:durations` rewrites it). */
const DURATIONS = new URL('./file-durations.json', import.meta.url);

/** The projects in the order they start: the engines first, the quick unit files last to fill the end. */
const PROJECT_ORDER = ['postgres', 'sqlite', 'unit'];

function knownDurations(): Record<string, number> {
  return existsSync(DURATIONS) ? (JSON.parse(readFileSync(DURATIONS, 'utf8')) as Record<string, number>) : {};
}

/**
 * Longest files first, from a committed list of their times, so that the run does not end with one
 * worker on a 40-second file while the other is idle. A fresh clone has no vitest cache, whose order
 * (by size, then by last run) is what this replaces. A project's files stay together: a worker that
 * shares its modules between files (`isolate: false`) is kept only while the next file is of its
 * project. Files not in the list (new ones) go first within their project, largest first.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = knownDurations();
    const projectRank = (spec: TestSpecification) => {
      const rank = PROJECT_ORDER.indexOf(spec.project.name);
      return rank === -1 ? PROJECT_ORDER.length : rank;
    };
    const weight = (spec: TestSpecification) => {
      const known = durations[fileKey(spec.project.name, spec.moduleId)];
      // Unknown: before every known file, the larger first.
      return known ?? 1e6 + statSync(spec.moduleId).size;
    };
    return [...files].sort(
      (a, b) =>
        projectRank(a) - projectRank(b) ||
        weight(b) - weight(a) ||
        (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
  }
}
