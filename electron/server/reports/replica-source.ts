import type { DataLayer } from '../db/data-layer.js';
import { ReadReplica, systemIdentifier, walPosition, type StandbyReading } from '../db/postgres/read-replica.js';
import type { Queryable } from '../db/query.js';
import { lsnBytes, ReplicaLag, type PrimaryPosition, type StandbyStatus } from './replica-lag.js';
import { fallbackWords, type ReplicaState } from './replica-words.js';
import type { ReportRead, ReportSource } from './report-source.js';

/** Connections of the replica's own pool: reports only. */
const POOL_SIZE = 4;
/** A replica that does not take a connection or answer its check in this long counts as down. */
const CONNECT_TIMEOUT_MS = 1000;
const CHECK_TIMEOUT_MS = 1000;
/** Longest report statement on the replica (the server cancels it). */
const STATEMENT_TIMEOUT_MS = 60_000;
/** How long one check of the replica serves the reports that follow it (a burst asks once). */
const CHECK_EVERY_MS = 1000;

/** How a replica that stops answering mid-report fails: no SQLSTATE (a socket, a timeout), or one of these. */
const REPLICA_FAILURES = [/^08/, /^57P/, /^53/, /^40001$/];

/** True when `error` is the replica's failing (connection, shutdown, conflict with its recovery), not the report's. */
function isReplicaFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code !== 'string' || REPLICA_FAILURES.some((pattern) => pattern.test(code));
}

/** A standby's "canceling statement due to conflict with recovery" (its replay needed what the report read). */
function isRecoveryConflict(error: unknown): boolean {
  return (error as { code?: unknown }).code === '40001';
}

/** The replica's reading with its position in bytes. */
function status(reading: StandbyReading): StandbyStatus {
  return { ...reading, replayed: reading.replayed === null ? null : lsnBytes(reading.replayed) };
}

/** Where the replica's changes of state are said (the service's log). */
export interface ReplicaLog {
  info(message: string): void;
  warn(message: string): void;
}

/** Settings of a read replica source. */
export interface ReplicaOptions {
  /** Longest lag (seconds) at which reports still read the replica. */
  maxLagSeconds: number;
  now: () => Date;
  log: ReplicaLog;
  /** How long a check is reused (default 1 s; tests check at every read). */
  checkEveryMs?: number;
}

/**
 * Reports from a PostgreSQL streaming replica (`--read-database`), on a small pool of read-only
 * connections of their own. Before a report it checks (at most once a second) that the replica is
 * still a standby and how far behind it is (./replica-lag.ts); the report runs there in one
 * read-only transaction when it is within the set lag, else on the main database with the reason
 * in words. A standby of another cluster (another system identifier) is never read. A replica never fails a report: one that stops answering mid-report sends it to the
 * main database. The replica is never written to and never promoted.
 */
export class ReplicaReportSource implements ReportSource {
  private readonly replica: ReadReplica;
  private readonly lag: ReplicaLag;
  private checked: { at: number; state: Promise<ReplicaState> } | undefined;
  /** Whether the replica is of the main database's cluster: asked once, again after it was down. */
  private ofThisCluster: Promise<boolean> | undefined;
  private known: ReplicaState | undefined;
  private knownAt: string | undefined;
  private closed = false;

  constructor(
    private readonly primary: DataLayer,
    url: string,
    private readonly options: ReplicaOptions,
  ) {
    this.lag = new ReplicaLag(options.maxLagSeconds);
    this.replica = new ReadReplica(url, {
      poolSize: POOL_SIZE,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
  }

  /** What the last check found and when (none before the first report): for operators (GET /health). */
  get lastCheck(): { state: ReplicaState; at: string } | undefined {
    return this.known && this.knownAt ? { state: this.known, at: this.knownAt } : undefined;
  }

  async read<T>(work: (db: Queryable) => Promise<T>): Promise<ReportRead<T>> {
    let state = await this.current();
    if (state.kind === 'replica') {
      try {
        return { value: await this.replica.readOnly(work), from: 'replica', asOf: state.asOf, fallback: null };
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        state = isRecoveryConflict(error) ? { kind: 'conflict' } : { kind: 'down' };
        this.checked = { at: performance.now(), state: Promise.resolve(state) };
        this.note(state);
      }
    }
    const asOf = this.options.now().toISOString();
    const value = await work(this.primary);
    return { value, from: 'primary', asOf, fallback: fallbackWords(state, this.options.maxLagSeconds) };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.replica.close();
  }

  /** The last check while it is fresh, else a new one (shared by the reports that ask meanwhile). */
  private current(): Promise<ReplicaState> {
    const at = performance.now();
    const every = this.options.checkEveryMs ?? CHECK_EVERY_MS;
    if (this.checked && at - this.checked.at < every) return this.checked.state;
    const state = this.check().then((found) => {
      this.note(found);
      return found;
    });
    const checked = { at, state };
    this.checked = checked;
    // The main database failed to answer: the report fails as any would, and the next one asks again.
    state.catch(() => this.checked === checked && (this.checked = undefined));
    return state;
  }

  private async check(): Promise<ReplicaState> {
    const [primary, replica] = await Promise.all([this.primaryPosition(), this.standby()]);
    if (!replica) {
      // What answers when it is back may be another server.
      this.ofThisCluster = undefined;
      return { kind: 'down' };
    }
    if (!(await this.sameCluster())) return { kind: 'foreign' };
    return this.lag.judge(primary, replica);
  }

  /**
   * True unless both system identifiers are known and differ: a standby of another cluster has WAL
   * positions that say nothing of the main database's, and data that is not its.
   */
  private sameCluster(): Promise<boolean> {
    this.ofThisCluster ??= Promise.all([systemIdentifier(this.primary), this.replica.systemIdentifier()]).then(
      ([main, replica]) => main === null || replica === null || main === replica,
    );
    return this.ofThisCluster;
  }

  /** The main database's WAL position, and the instant just before it was read. */
  private async primaryPosition(): Promise<PrimaryPosition> {
    const at = this.options.now().getTime();
    return { lsn: lsnBytes(await walPosition(this.primary)), at };
  }

  /** What the replica says of itself; undefined when it does not answer within the check's time. */
  private async standby(): Promise<StandbyStatus | undefined> {
    const reading = await this.replica.standby(CHECK_TIMEOUT_MS);
    return reading && status(reading);
  }

  /** Logs the replica's state when it changes: reports moved to the main database, or back. */
  private note(state: ReplicaState): void {
    const before = this.known;
    this.known = state;
    this.knownAt = this.options.now().toISOString();
    if (before?.kind === state.kind) return;
    const words = fallbackWords(state, this.options.maxLagSeconds);
    if (words === null)
      this.options.log.info(before ? 'Reports read the read replica again.' : 'Reports read the read replica.');
    else this.options.log.warn(words.replace('this report is', 'reports are'));
  }
}
