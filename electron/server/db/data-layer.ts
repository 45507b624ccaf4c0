import type { Compilable } from 'kysely';
import type { Dialect } from './dialects/dialect.js';
import type { Builder, Prepared, Queryable, WriteStep } from './query.js';

/** The two engines: embedded SQLite (a register) and PostgreSQL (a store or chain server). */
export type EngineKind = 'sqlite' | 'postgres';

/** A write transaction's work: database work only, never a network call (it holds the writer). */
export type WriteWork<T> = (tx: Queryable) => Promise<T>;

/**
 * Rows a write will lock (the packages a ticket takes units of). Where writes are committed in
 * groups (PostgreSQL), a group locks the rows of all its writes first, in one order, so that two
 * groups never wait for each other in a circle.
 */
export interface RowLocks {
  table: 'packages';
  ids: readonly string[];
}

/** Receives the notifications of every service instance on the database (its own included). */
export type NotificationListener = (payload: string) => void;

/** How a write is run (`DataLayer.write`). */
export interface WriteOptions {
  /**
   * The work writes a few rows and no more (a ticket): on SQLite its batch may keep its savepoint
   * journals in memory (./sqlite/sqlite-data-layer.ts `batchStatements`). Never for work whose size
   * follows its input (an import, a count, a batch of forwarded changes).
   */
  small?: boolean;
}

/** A write of a few rows (`WriteOptions.small`): a ticket's, a payment's. */
export const SMALL_WRITE: WriteOptions = { small: true };

/**
 * One service instance's database, whatever the engine. Reads run on it directly (each statement
 * sees committed data); writes run in `write`, whose promise settles only once the transaction is
 * durable, so an answered request is never lost by a crash. Repositories are written once against
 * this interface and the builder; what differs between engines lives in `dialect` and in the two
 * implementations (./sqlite, ./postgres).
 */
export interface DataLayer extends Queryable {
  readonly kind: EngineKind;
  /**
   * True when other service instances may use this database at the same time (PostgreSQL). A
   * register's SQLite file is served by its one service process: whatever another instance left
   * behind there was left by a process that is gone.
   */
  readonly shared: boolean;
  /** Where the data lives, for logs: the SQLite file, or the PostgreSQL server without password. */
  readonly description: string;
  readonly builder: Builder;
  readonly dialect: Dialect;
  /**
   * The same reads for short statements on a request's hot path (a ticket's stock): on PostgreSQL
   * they are pipelined on one connection with the others asked for at the same moment, several in
   * one round trip. Never for a long read, which would hold up every one queued behind it.
   */
  readonly pipelined: Queryable;
  /** Builds and compiles a query once for this engine (see ./query.ts). */
  prepare<P extends object, R>(build: (k: Builder, p: P) => Compilable<R>): Prepared<P, R>;
  /**
   * Runs `work` in one transaction and resolves once it is committed durably. On SQLite, writes
   * arriving together share one transaction (each in its own savepoint, so one failing job rolls
   * back alone) and one fsync; on PostgreSQL each is its own transaction, retried when the server
   * reports a serialization failure or deadlock.
   */
  write<T>(work: WriteWork<T>, options?: WriteOptions): Promise<T>;
  /**
   * Writes `steps` (as `Queryable.runAll` would) as one durable write of their own, with no read
   * between them, and fails whole with `StaleWriteError` unless the last one changed exactly
   * `lastChanges` rows: how a write built on an unlocked read checks that what it read still holds
   * (a conditional update per row read). On PostgreSQL one statement, sent with the others arriving
   * meanwhile as one transaction that takes their `locks` first (./postgres/write-group.ts: one
   * round trip and one WAL flush for the group); on SQLite one job of the group commit.
   */
  writeSteps(steps: readonly WriteStep[], lastChanges: number, locks?: RowLocks): Promise<void>;
  /**
   * Runs `work` holding a named lock that every process on this database respects (one reversal
   * of a payment at a time, on whichever instance). `work` may call a processor: it is not a
   * transaction, and it may write through `write`.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Tells every service instance on this database (own included) `payload`, after commit order. */
  notify(payload: string): Promise<void>;
  /** Follows the notifications; returns the unsubscribe function. */
  listen(listener: NotificationListener): () => void;
  /**
   * A number that changes whenever another process may have changed rows this one caches (stores
   * and their hours, API clients, access tokens): SQLite's `data_version` (another connection
   * committed), or on PostgreSQL the count of `invalidateCaches` heard from any instance. Caches
   * compare it before answering (./epoch-cache.ts).
   */
  cacheEpoch(): number;
  /** Tells every other process caching rows that they changed (after this one committed them). */
  invalidateCaches(): Promise<void>;
  /**
   * A number that changes whenever any row may have changed, by this process or another (stock,
   * prices: what a quote reads), for a cache of such rows; null where that cannot be known cheaply
   * (PostgreSQL: another instance's commit tells no one), and such rows are then read every time.
   */
  changeEpoch(): number | null;
  /**
   * Copies the database, one consistent moment while writes go on, into the new file `file`
   * (SQLite's online backup API, on a worker thread: the copy never holds this thread). Null where
   * backups are the database server's business (PostgreSQL: pg_dump, pg_basebackup).
   */
  readonly onlineBackup: ((file: string) => Promise<void>) | null;
  close(): Promise<void>;
}
