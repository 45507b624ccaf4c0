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
    // Each file's place, read once: its project, its environment's group, its own time.
    const places = files.map((spec) => {
      const known = durations[fileKey(spec.project.name, spec.moduleId)];
      return {
        spec,
        rank: projectRank(spec),
        group: `${spec.project.name} ${environmentOf(spec.moduleId)}`,
        // Unknown: before every known file, the larger first.
        weight: known ?? 1e6 + statSync(spec.moduleId).size,
        seconds: known ?? 1,
      };
    });
    const groupSeconds = new Map<string, number>();
    for (const { group, seconds } of places) groupSeconds.set(group, (groupSeconds.get(group) ?? 0) + seconds);
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return places
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          groupSeconds.get(b.group)! - groupSeconds.get(a.group)! ||
          text(a.group, b.group) ||
          b.weight - a.weight ||
          text(a.spec.moduleId, b.spec.moduleId),
      )
      .map(({ spec }) => spec);
  }
}
