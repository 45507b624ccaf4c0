import { closeSync, existsSync, fdatasync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.js';
import type { DurabilityBarrier } from './write-batcher.js';

/** The open SQLite connection used by every repository of one service instance. */
export type Db = Database.Database;

export const DATABASE_FILE = 'servicepay.db';

/**
 * Opens (creating when needed) the database in `dataDir`, or an in-memory one for `':memory:'`,
 * with WAL, foreign keys and durable commits (each commit fsynced), then applies pending migrations.
 * This is what the CLI uses; the service uses openServiceDatabase.
 */
export function openDatabase(dataDir: string): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, DATABASE_FILE);
  }
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: every commit is fsynced before it returns, so an answered write survives kill -9 and
  // power loss. Group commits (write-batcher.ts) keep the cost to one fsync per batch.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // A page cache of 64 MiB and memory-mapped reads keep index lookups out of system calls.
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  migrate(db, MIGRATIONS);
  return db;
}

/** The service's connection: commits are made durable by group barriers instead of one fsync each. */
export interface ServiceDatabase {
  db: Db;
  /** fdatasync of the WAL, run in libuv's thread pool; undefined for an in-memory database. */
  barrier: DurabilityBarrier | undefined;
  close(): void;
}

/**
 * Opens the database for the service. Commits use synchronous=NORMAL (written to the WAL, not yet
 * fsynced) and the WriteBatcher answers no write before `barrier` has fdatasynced the WAL: the same
 * guarantee as synchronous=FULL (a checkpoint, which moves frames out of the WAL, syncs both files
 * itself), but the fsync no longer blocks the event loop and one fsync covers many transactions.
 */
export function openServiceDatabase(dataDir: string): ServiceDatabase {
  const db = openDatabase(dataDir);
  if (db.memory) return { db, barrier: undefined, close: () => db.close() };
  db.pragma('synchronous = NORMAL');
  const walPath = `${db.name}-wal`;
  if (!existsSync(walPath)) db.exec('BEGIN IMMEDIATE; COMMIT');
  // Any descriptor of the file flushes all of its dirty pages; the WAL keeps its inode while a
  // connection is open (it is reused from the start after checkpoints, never deleted).
  const walFd = openSync(walPath, 'r+');
  const barrier = () =>
    new Promise<void>((resolve, reject) => fdatasync(walFd, (error) => (error ? reject(error) : resolve())));
  return {
    db,
    barrier,
    close: () => {
      db.close();
      closeSync(walFd);
    },
  };
}

/** Applies every migration newer than the database's `user_version`, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.filter((migration) => migration.version > current);
  for (const migration of pending) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return pending.length;
}
