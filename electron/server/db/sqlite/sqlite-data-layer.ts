import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type Compilable } from 'kysely';
import type { DataLayer, NotificationListener, WriteOptions, WriteWork } from '../data-layer.js';
import { sqliteDialect } from '../dialects/sqlite.js';
import { migrate } from '../migrator.js';
import {
  prepare,
  QueryRunner,
  StaleWriteError,
  type Builder,
  type Prepared,
  type StatementResult,
  type WriteStep,
} from '../query.js';
import type { Database as Schema } from '../schema.js';
import { copyOnWorker } from './copy-on-worker.js';
import { makeFolder } from './make-folder.js';
import { FileNotices, NOTICE_KEEP_MS } from './file-notices.js';
import { walBarrier } from './durability.js';
import { KeyedLock } from '../keyed-lock.js';
import { GroupCommit, type BatchStatements } from './group-commit.js';
import { StatementCache } from './statement-cache.js';

/** How long a reading of `data_version` stands for the file's (see `SqliteDataLayer.cacheEpoch`). */
const EPOCH_FRESH_MS = 1;

/** The SQLite file's name inside the data folder. */
export const DATABASE_FILE = 'servicepay.db';

/** Queries of a write job: straight on the connection, which the batch holds. */
class TransactionRunner extends QueryRunner {
  constructor(private readonly statements: StatementCache) {
    super();
  }

  protected execute(sql: string, values: unknown[]): Promise<StatementResult> {
    try {
      return Promise.resolve(this.statements.run(sql, values));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

/**
 * The statements that frame a group commit's batch. A batch of small jobs only (`GroupCommit.run`)
 * keeps its savepoint and statement journals in memory: every job runs in a savepoint, and SQLite
 * otherwise writes those journals to a temporary file once they pass 64 KiB, which a batch of
 * tickets always does (about 30 writes and 45 µs of system time a ticket; tests/bench/README.md,
 * forty-second session). Any other batch keeps them in a file: a job may change a whole catalog,
 * and each of its statements journals every page it changes again. The journals only ever roll a
 * job back within its transaction; the WAL alone makes a commit atomic and durable.
 */
function batchStatements(conn: Database.Database): BatchStatements {
  const prepared = {
    begin: conn.prepare('BEGIN IMMEDIATE'),
    commit: conn.prepare('COMMIT'),
    rollback: conn.prepare('ROLLBACK'),
    savepoint: conn.prepare('SAVEPOINT job'),
    release: conn.prepare('RELEASE job'),
    rollbackTo: conn.prepare('ROLLBACK TO job'),
  };
  // The setting is read when a transaction begins, and changed only between transactions. A
  // prepared pragma would set it once, when prepared: it is run anew each time.
  let small = false;
  return {
    begin: (smallJobs) => {
      if (smallJobs !== small) {
        conn.exec(`PRAGMA temp_store = ${smallJobs ? 'MEMORY' : 'DEFAULT'}`);
        small = smallJobs;
      }
      prepared.begin.run();
    },
    commit: () => prepared.commit.run(),
    rollback: () => prepared.rollback.run(),
    savepoint: () => prepared.savepoint.run(),
    release: () => prepared.release.run(),
    rollbackToSavepoint: () => prepared.rollbackTo.run(),
  };
}

/**
 * The embedded engine of a register: one better-sqlite3 connection in WAL mode, statements prepared
 * once, writes group-committed (./group-commit.ts) behind a durability barrier (./durability.ts).
 * A SQLite file is served by one service instance: its notifications stay in its process, and the
 * other processes' (the command line's) reach it through the file (./file-notices.ts).
 */
export class SqliteDataLayer extends QueryRunner implements DataLayer {
  readonly kind = 'sqlite' as const;
  readonly shared = false;
  readonly dialect = sqliteDialect;
  readonly builder: Builder;
  /** Statements run in process: nothing to pipeline. */
  readonly pipelined = this;
  private readonly statements: StatementCache;
  private readonly writer: GroupCommit;
  private readonly listeners = new Set<NotificationListener>();
  private readonly notices: FileNotices;
  private readonly dataVersion;
  /** Changes this process made to cached rows itself: `data_version` only counts other connections' commits. */
  private localChanges = 0;
  /** The last reading of `data_version` (see `cacheEpoch`). */
  private version = { value: 0, readAt: -Infinity };
  /** `total_changes()`: the rows this connection has written (triggers' included). */
  private readonly totalChanges;
  /** `changeEpoch`: its count, and the readings it last counted from. */
  private changes = { epoch: 0, version: 0, total: 0 };
  private readonly locks = new KeyedLock();

  constructor(
    private readonly conn: Database.Database,
    readonly description: string,
    private readonly closeBarrier: () => void = () => undefined,
    barrier?: () => Promise<void>,
  ) {
    super();
    this.builder = new Kysely<Schema>({ dialect: new SqliteDialect({ database: conn }) });
    this.statements = new StatementCache(conn);
    this.writer = new GroupCommit(batchStatements(conn), new TransactionRunner(this.statements), barrier);
    this.dataVersion = conn.prepare<[], number>('PRAGMA data_version').pluck();
    this.totalChanges = conn.prepare<[], number>('SELECT total_changes()').pluck();
    this.notices = new FileNotices(
      conn,
      (payload) => this.deliver(payload),
      () => this.dataVersion.get()!,
      () => this.writer.busy,
    );
  }

  prepare<P extends object, R>(build: (k: Builder, p: P) => Compilable<R>): Prepared<P, R> {
    return prepare(this.builder, build);
  }

  protected execute(sql: string, values: unknown[]): Promise<StatementResult> {
    if (this.writer.busy) return this.writer.idle().then(() => this.execute(sql, values));
    try {
      return Promise.resolve(this.statements.run(sql, values));
    } catch (error) {
      return Promise.reject(error);
    }
  }

  write<T>(work: WriteWork<T>, options?: WriteOptions): Promise<T> {
    return this.writer.run(work, options?.small);
  }

  /**
   * One job of the group commit, whose writer is exclusive (no row to lock first); throwing in it
   * rolls its savepoint back alone.
   */
  writeSteps(steps: readonly WriteStep[], lastChanges: number): Promise<void> {
    return this.writer.run(async (tx) => {
      const changed = await tx.runAll(steps);
      if (changed !== lastChanges) throw new StaleWriteError(lastChanges, changed);
    }, true);
  }

  /** A SQLite file is served by one service process: an in-process lock is every process's lock. */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    return this.locks.run(key, work);
  }

  /**
   * Hands `payload` to this process's listeners; a process with none (the command line) serves no
   * live channel, so its message is kept in the file for the process that does (./file-notices.ts).
   */
  notify(payload: string): Promise<void> {
    if (this.listeners.size > 0) {
      this.deliver(payload);
      return Promise.resolve();
    }
    const now = Date.now();
    const k = this.builder;
    return this.write(async (tx) => {
      await tx.run(
        k.deleteFrom('notification_overflow').where('created_at', '<', new Date(now - NOTICE_KEEP_MS).toISOString()),
      );
      await tx.run(k.insertInto('notification_overflow').values({ payload, created_at: new Date(now).toISOString() }));
    });
  }

  /** Follows this process's notifications and, from now on, the other processes' kept in the file. */
  listen(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    this.notices.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.notices.stop();
    };
  }

  private deliver(payload: string): void {
    for (const listener of this.listeners) listener(payload);
  }

  readonly onlineBackup = async (file: string): Promise<void> => {
    // A database in memory has no file another connection could read: copied here, in one step.
    if (this.conn.memory) await this.conn.backup(file, { progress: () => 0x7fffffff });
    else await copyOnWorker(this.conn.name, file);
  };

  /**
   * `data_version` is read again only when the last reading is older than EPOCH_FRESH_MS: each
   * reading opens a read transaction (the WAL's locks), and a request asks on every cached lookup.
   * A commit of another process (the CLI) is seen within that time; a value a cache loads is at
   * least as new as the epoch it is kept under, so it is dropped as soon as that moves.
   */
  cacheEpoch(): number {
    const now = performance.now();
    if (now - this.version.readAt > EPOCH_FRESH_MS) this.version = { value: this.dataVersion.get()!, readAt: now };
    return this.version.value + this.localChanges;
  }

  /**
   * Moves when another process committed (`data_version`, read as `cacheEpoch` reads it: within a
   * millisecond) or this connection wrote a row (`total_changes()`, which counts every insert,
   * update and delete, a trigger's too). A read waits while a write is under way (`execute`), so
   * what it reads under an epoch was committed.
   */
  changeEpoch(): number {
    this.cacheEpoch();
    const version = this.version.value;
    const total = this.totalChanges.get()!;
    if (version !== this.changes.version || total !== this.changes.total) {
      this.changes = { epoch: this.changes.epoch + 1, version, total };
    }
    return this.changes.epoch;
  }

  /**
   * Other processes on the file see the commit through `data_version`; this one's other caches
   * (each repository keeps its own) see it through the local count.
   */
  invalidateCaches(): Promise<void> {
    this.localChanges += 1;
    return Promise.resolve();
  }

  async close(): Promise<void> {
    this.notices.stop();
    await this.writer.run(() => Promise.resolve());
    this.conn.close();
    this.closeBarrier();
  }
}

/**
 * A new in-memory database of this build's schema and no rows, serialized: the first one a process
 * opens is migrated, the later ones start from this image (a test process opens hundreds).
 */
let migratedMemoryImage: Buffer | undefined;

/**
 * Opens (creating when needed) `servicepay.db` in `dataDir`, or an in-memory database for
 * `':memory:'`, with WAL, foreign keys and a 64 MiB page cache, applies pending migrations, and
 * returns its data layer. Commits are made durable by the group barrier, not one fsync each.
 */
export async function openSqlite(dataDir: string): Promise<SqliteDataLayer> {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    makeFolder(dataDir);
    file = join(dataDir, DATABASE_FILE);
  }
  const conn = file === ':memory:' && migratedMemoryImage ? new Database(migratedMemoryImage) : new Database(file);
  try {
    conn.pragma('journal_mode = WAL');
    conn.pragma('foreign_keys = ON');
    conn.pragma('busy_timeout = 5000');
    // A page cache of 64 MiB and memory-mapped reads keep index lookups out of system calls.
    conn.pragma('cache_size = -65536');
    conn.pragma('mmap_size = 268435456');
    // Migrations commit with a full fsync each; after them the barrier guarantees durability.
    conn.pragma('synchronous = FULL');
    const migrator = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
    await migrate(migrator, 'sqlite', sqliteDialect);
    if (conn.memory) {
      migratedMemoryImage ??= conn.serialize();
      return new SqliteDataLayer(conn, 'SQLite in memory');
    }
    conn.pragma('synchronous = NORMAL');
    const wal = walBarrier(conn);
    return new SqliteDataLayer(conn, `SQLite ${file}`, wal.close, wal.barrier);
  } catch (error) {
    conn.close();
    throw error;
  }
}
