import { sql } from 'kysely';
import pg from 'pg';
import type { DataLayer } from '../db/data-layer.js';
import { QueryRunner, type Queryable, type StatementResult } from '../db/query.js';
import { connectionConfig, statementResult } from '../db/postgres/pg-connection.js';
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

const STANDBY_SQL = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
  pg_last_xact_replay_timestamp() AS replayed_at`;

/** How a replica that stops answering mid-report fails: no SQLSTATE (a socket, a timeout), or one of these. */
const REPLICA_FAILURES = [/^08/, /^57P/, /^53/, /^40001$/];

/** True when `error` is the replica's failing (connection, shutdown, conflict with its recovery), not the report's. */
function isReplicaFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code !== 'string' || REPLICA_FAILURES.some((pattern) => pattern.test(code));
}

/** A report's queries on one replica connection, inside its read-only transaction. */
class ReplicaRunner extends QueryRunner {
  constructor(private readonly client: pg.PoolClient) {
    super();
  }

  protected async execute(sql: string, values: unknown[], name: string | undefined): Promise<StatementResult> {
    return statementResult(await this.client.query({ text: sql, values, name }));
  }
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
 * in words. A replica never fails a report: one that stops answering mid-report sends it to the
 * main database. The replica is never written to and never promoted.
 */
export class ReplicaReportSource implements ReportSource {
  private readonly pool: pg.Pool;
  private readonly lag: ReplicaLag;
  private checked: { at: number; state: Promise<ReplicaState> } | undefined;
  private known: ReplicaState | undefined;
  private knownAt: string | undefined;
  private closed = false;

  constructor(
    private readonly primary: DataLayer,
    url: string,
    private readonly options: ReplicaOptions,
  ) {
    this.lag = new ReplicaLag(options.maxLagSeconds);
    this.pool = new pg.Pool({
      ...connectionConfig(url),
      application_name: 'servicepay reports',
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // A replica that stops drops its idle connections: the next check says so, the service goes on.
    this.pool.on('error', () => undefined);
    // Set on every new connection, before anything else it runs (a client runs its queries in order).
    this.pool.on('connect', (client) => {
      // A replica that stops under a report fails that report's query (and it goes to the main
      // database); the connection's own error event must not crash the service.
      client.on('error', () => undefined);
      client
        .query(`SET default_transaction_read_only = on; SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`)
        .catch(() => undefined);
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
        return { value: await this.onReplica(work), from: 'replica', asOf: state.asOf, fallback: null };
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        state = { kind: 'down' };
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
    await this.pool.end();
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
    return replica ? this.lag.judge(primary, replica) : { kind: 'down' };
  }

  /** The main database's WAL position, and the instant just before it was read. */
  private async primaryPosition(): Promise<PrimaryPosition> {
    const at = this.options.now().getTime();
    const query = sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.compile(this.primary.builder);
    const row = await this.primary.first(query);
    return { lsn: lsnBytes(row!.lsn), at };
  }

  /** What the replica says of itself; undefined when it does not answer within the check's time. */
  private async standby(): Promise<StandbyStatus | undefined> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      return undefined;
    }
    let broken: Error | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('the read replica did not answer its check in time')),
          CHECK_TIMEOUT_MS,
        );
      });
      const { rows } = await Promise.race([client.query(STANDBY_SQL), late]);
      const row = rows[0] as { standby: boolean; replayed: string | null; replayed_at: Date | null };
      return {
        standby: row.standby,
        replayed: row.replayed === null ? null : lsnBytes(row.replayed),
        replayedAt: row.replayed_at?.getTime() ?? null,
      };
    } catch (error) {
      // A connection that failed or did not answer is not given to the next report.
      broken = error as Error;
      return undefined;
    } finally {
      clearTimeout(timer);
      client.release(broken);
    }
  }

  /** `work` in one read-only transaction on a replica connection: one snapshot for all its queries. */
  private async onReplica<T>(work: (db: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const value = await work(new ReplicaRunner(client));
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
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
