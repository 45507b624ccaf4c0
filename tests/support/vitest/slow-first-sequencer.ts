import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
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
 * The environment a file asks for in its first lines (`@vitest-environment` and its options), as
 * text: files of one environment share a worker, one of another starts a new process (~1 s of CPU).
 */
export function environmentOf(path: string): string {
  const head = Buffer.alloc(2048);
  const fd = openSync(path, 'r');
  try {
    const text = head.toString('utf8', 0, readSync(fd, head, 0, head.length, 0));
    const name = /@vitest-environment\s+(\S+)/.exec(text)?.[1] ?? '';
    const options = /@vitest-environment-options\s+(.*)/.exec(text)?.[1]?.trim() ?? '';
    return `${name} ${options}`;
  } finally {
    closeSync(fd);
  }
}

/**
 * Longest files first, from a committed list of their times, so that the run does not end with one
 * worker on a 40-second file while the other is idle. A fresh clone has no vitest cache, whose order
 * (by size, then by last run) is what this replaces. A project's files stay together, and within it
 * the files of one environment (the unit project's DOM files, by their page's address): a worker that
 * shares its modules between files (`isolate: false`) is kept only while the next file is of its
 * project and environment, and otherwise a new process starts (the unit files, ordered by time
 * alone, started 150 of them, 160 s of CPU). The environments' groups come largest first. Files not
 * in the list (new ones) go first within their group, largest first.
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = knownDurations();
    const projectRank = (spec: TestSpecification) => {
      const rank = PROJECT_ORDER.indexOf(spec.project.name);
      return rank === -1 ? PROJECT_ORDER.length : rank;
    };
    const weights = new Map<TestSpecification, number>();
    const environments = new Map<TestSpecification, string>();
    const groupWeights = new Map<string, number>();
    const groupOf = (spec: TestSpecification) => `${spec.project.name} ${environments.get(spec)!}`;
    for (const spec of files) {
      const known = durations[fileKey(spec.project.name, spec.moduleId)];
      // Unknown: before every known file, the larger first.
      weights.set(spec, known ?? 1e6 + statSync(spec.moduleId).size);
      environments.set(spec, environmentOf(spec.moduleId));
      groupWeights.set(groupOf(spec), (groupWeights.get(groupOf(spec)) ?? 0) + (known ?? 1));
    }
    return [...files].sort(
      (a, b) =>
        projectRank(a) - projectRank(b) ||
        groupWeights.get(groupOf(b))! - groupWeights.get(groupOf(a))! ||
        (groupOf(a) < groupOf(b) ? -1 : groupOf(a) > groupOf(b) ? 1 : 0) ||
        weights.get(b)! - weights.get(a)! ||
        (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0),
    );
  }
}
