import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations.js';

/** The open SQLite connection used by every repository of one service instance. */
export type Db = Database.Database;

export const DATABASE_FILE = 'servicepay.db';

/**
 * Opens (creating when needed) the database in `dataDir`, or an in-memory one for `':memory:'`,
 * with WAL, foreign keys and durable commits, then applies pending migrations.
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
  migrate(db, MIGRATIONS);
  return db;
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
