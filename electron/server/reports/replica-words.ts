/** What a read replica's check found (./replica-source.ts). */
export type ReplicaState =
  /** A standby within the set lag: reports read it. */
  | { kind: 'replica'; asOf: string; lagSeconds: number }
  /** It did not answer (down, refused, too slow to answer). */
  | { kind: 'down' }
  /** A standby further behind than the set lag; `lagSeconds` null when it cannot tell. */
  | { kind: 'behind'; lagSeconds: number | null }
  /** Not in recovery: promoted (or never a standby), so no longer following the main database. */
  | { kind: 'promoted' }
  /** It canceled a report whose rows its replay of the main database's changes had to remove. */
  | { kind: 'conflict' }
  /** A standby of another cluster (its system identifier is not the main database's). */
  | { kind: 'foreign' };

/** A span of seconds as people read it: "45 s", "2 min 10 s", "1 h 5 min". */
export function durationWords(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) {
    const rest = whole % 60;
    return rest === 0 ? `${whole / 60} min` : `${Math.floor(whole / 60)} min ${rest} s`;
  }
  const minutes = Math.round((whole % 3600) / 60);
  const hours = Math.floor(whole / 3600) + (minutes === 60 ? 1 : 0);
  return minutes === 0 || minutes === 60 ? `${hours} h` : `${hours} h ${minutes} min`;
}

const FROM_PRIMARY = 'this report is from the main database.';

/** Why a report was read from the main database although a read replica is set; null when it was not. */
export function fallbackWords(state: ReplicaState, maxLagSeconds: number): string | null {
  switch (state.kind) {
    case 'replica':
      return null;
    case 'down':
      return `The read replica does not answer; ${FROM_PRIMARY}`;
    case 'conflict':
      return `The read replica canceled this report to replay the main database's latest changes; ${FROM_PRIMARY}`;
    case 'foreign':
      return `The read database is a replica of another PostgreSQL cluster, not of the main database; ${FROM_PRIMARY}`;
    case 'promoted':
      return `The read replica is no longer a standby following the main database (it was promoted); ${FROM_PRIMARY}`;
    case 'behind':
      return state.lagSeconds === null
        ? `The read replica is behind the main database and cannot tell by how long; ${FROM_PRIMARY}`
        : `The read replica is ${durationWords(state.lagSeconds)} behind (more than ${durationWords(maxLagSeconds)}); ${FROM_PRIMARY}`;
  }
}
