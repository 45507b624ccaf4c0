import type { ReplicaState } from './replica-words.js';

/** A WAL position as PostgreSQL writes it (`pg_lsn` as text, "16/B374D848") in bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined) throw new Error(`"${lsn}" is not a WAL position`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** PostgreSQL's WAL page, and the longest page header (the first page of a segment). */
const WAL_PAGE = 8192n;
const LONG_PAGE_HEADER = 40n;

/**
 * True when a replica that replayed up to `replayed` has every record before `position`. An insert
 * position at the start of a page stands after the page's header, where no record is: a replica
 * that replayed up to the page has reached it (it would otherwise wait for the next write).
 */
export function walReached(replayed: bigint, position: bigint): boolean {
  const intoPage = position % WAL_PAGE;
  return replayed >= position || (intoPage <= LONG_PAGE_HEADER && replayed >= position - intoPage);
}

/** The main database's WAL position (`pg_current_wal_insert_lsn()`), read at an instant of the service's clock (ms). */
export interface PrimaryPosition {
  lsn: bigint;
  at: number;
}

/** What a read replica says of itself, read at the same moment. */
export interface StandbyStatus {
  /** `pg_is_in_recovery()`: still a standby. */
  standby: boolean;
  /** `pg_last_wal_replay_lsn()`: how far it has replayed (null when not a standby). */
  replayed: bigint | null;
  /** `pg_last_xact_replay_timestamp()` (ms): the commit time of the last transaction it replayed. */
  replayedAt: number | null;
}

/** Most positions of the main database kept to bound a replica's lag with. */
const MAX_SAMPLES = 256;

/**
 * How far behind a read replica is, in time. Replay timestamps alone mislead: on a main database
 * with no commits, `now() - pg_last_xact_replay_timestamp()` grows while the replica has replayed
 * everything. So positions are compared: a replica that replayed the main database's position of
 * a check has every commit made before that check. Its data is complete as of the latest such
 * check, or of its last replayed commit, whichever is later; caught up (replayed the position read
 * now), as of now.
 */
export class ReplicaLag {
  /** Positions of earlier checks, oldest first, none at or before one the replica is known to have replayed. */
  private samples: PrimaryPosition[] = [];

  constructor(private readonly maxLagSeconds: number) {}

  judge(primary: PrimaryPosition, replica: StandbyStatus): ReplicaState {
    if (!replica.standby || replica.replayed === null) return { kind: 'promoted' };
    const replayed = replica.replayed;
    if (walReached(replayed, primary.lsn)) {
      this.samples = [primary];
      return { kind: 'replica', asOf: new Date(primary.at).toISOString(), lagSeconds: 0 };
    }
    const covered = this.samples.findLast((sample) => walReached(replayed, sample.lsn));
    this.remember(primary, covered);
    const complete = Math.max(covered?.at ?? -Infinity, replica.replayedAt ?? -Infinity);
    if (!Number.isFinite(complete)) return { kind: 'behind', lagSeconds: null };
    const lagSeconds = Math.max(0, primary.at - complete) / 1000;
    if (lagSeconds > this.maxLagSeconds) return { kind: 'behind', lagSeconds };
    return { kind: 'replica', asOf: new Date(Math.min(complete, primary.at)).toISOString(), lagSeconds };
  }

  /** Keeps `primary` and the positions from `covered` on: older ones bound nothing better. */
  private remember(primary: PrimaryPosition, covered: PrimaryPosition | undefined): void {
    const from = covered ? this.samples.indexOf(covered) : 0;
    this.samples = [...this.samples.slice(from), primary].slice(-MAX_SAMPLES);
  }
}
