import { sql } from 'kysely';
import pg from 'pg';
import type { DataLayer } from '../data-layer.js';
import { QueryRunner, type Queryable, type StatementResult } from '../query.js';
import { connectionConfig, inTransaction, statementResult } from './pg-connection.js';

/** What a streaming replica says of itself (PostgreSQL's recovery functions). */
export interface StandbyReading {
  /** `pg_is_in_recovery()`: still a standby. */
  standby: boolean;
  /** `pg_last_wal_replay_lsn()` as text ("16/B374D848"): how far it has replayed. */
  replayed: string | null;
  /** `pg_last_xact_replay_timestamp()` (ms): the commit time of the last transaction it replayed. */
  replayedAt: number | null;
}

/** Settings of a read replica's connections. */
export interface ReadReplicaOptions {
  poolSize: number;
  /** A connection not made in this long fails (the replica counts as down). */
  connectTimeoutMs: number;
  /** The server cancels a report's statement that runs longer. */
  statementTimeoutMs: number;
}

const STANDBY_SQL = `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
  pg_last_xact_replay_timestamp() AS replayed_at`;

/**
 * The main database's WAL position as text: where its next record goes (`pg_current_wal_insert_lsn()`),
 * past every commit made so far. `pg_current_wal_lsn()` (written so far) can be behind a commit
 * made with `synchronous_commit = off` that is visible but not yet written: a replica at that
 * position would be taken for caught up without it.
 */
export async function walPosition(primary: DataLayer): Promise<string> {
  const query = sql<{ lsn: string }>`SELECT pg_current_wal_insert_lsn()::text AS lsn`.compile(primary.builder);
  return (await primary.first(query))!.lsn;
}

const SYSTEM_SQL = 'SELECT system_identifier::text AS system FROM pg_control_system()';

/**
 * A cluster's system identifier (`pg_control_system()`), which a replica made from it by
 * `pg_basebackup` shares; null when it cannot be read (an old server, a role not allowed to).
 */
export async function systemIdentifier(db: DataLayer): Promise<string | null> {
  try {
    return (await db.first(sql.raw<{ system: string }>(SYSTEM_SQL).compile(db.builder)))?.system ?? null;
  } catch {
    return null;
  }
}

/** A report's queries on one replica connection, inside its read-only transaction. */
class ReplicaRunner extends QueryRunner {
  constructor(private readonly client: pg.PoolClient) {
    super();
  }

  protected async execute(text: string, values: unknown[], name: string | undefined): Promise<StatementResult> {
    return statementResult(await this.client.query({ text, values, name }));
  }
}

/**
 * The connections reports read a streaming replica on (reports/replica-source.ts decides when): a
 * small pool of its own, read-only from each connection's first statement, that never makes the
 * service fail when the replica stops.
 */
export class ReadReplica {
  private readonly pool: pg.Pool;

  constructor(url: string, options: ReadReplicaOptions) {
    this.pool = new pg.Pool({
      ...connectionConfig(url),
      application_name: 'servicepay reports',
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs,
    });
    // A replica that stops drops its idle connections: the next check says so, the service goes on.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => {
      // A replica that stops under a report fails that report's query (and it goes to the main
      // database); the connection's own error event must not crash the service.
      client.on('error', () => undefined);
      // Read-only from its first statement: a client runs its queries in order, this one first.
      client
        .query(`SET default_transaction_read_only = on; SET statement_timeout = ${options.statementTimeoutMs}`)
        .catch(() => undefined);
    });
  }

  /** What the replica says of itself; undefined when it does not answer within `timeoutMs`. */
  async standby(timeoutMs: number): Promise<StandbyReading | undefined> {
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
        timer = setTimeout(() => reject(new Error('the read replica did not answer in time')), timeoutMs);
      });
      const { rows } = await Promise.race([client.query(STANDBY_SQL), late]);
      const row = rows[0] as { standby: boolean; replayed: string | null; replayed_at: Date | null };
      return { standby: row.standby, replayed: row.replayed, replayedAt: row.replayed_at?.getTime() ?? null };
    } catch (error) {
      // A connection that failed or did not answer is not given to the next report.
      broken = error as Error;
      return undefined;
    } finally {
      clearTimeout(timer);
      client.release(broken);
    }
  }

  /** The replica's system identifier (see `systemIdentifier`); null when it cannot be read. */
  async systemIdentifier(): Promise<string | null> {
    try {
      const { rows } = await this.pool.query<{ system: string }>(SYSTEM_SQL);
      return rows[0]?.system ?? null;
    } catch {
      return null;
    }
  }

  /** `work` in one read-only transaction on a replica connection: one snapshot for all its queries. */
  readOnly<T>(work: (db: Queryable) => Promise<T>): Promise<T> {
    return inTransaction(this.pool, 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', (client) =>
      work(new ReplicaRunner(client)),
    );
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
