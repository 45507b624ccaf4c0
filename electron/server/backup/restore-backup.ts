import { copyFileSync, existsSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { DATABASE_FILE } from '../db/sqlite/sqlite-data-layer.js';
import { folderHolder } from '../db/sqlite/folder-hold.js';
import { folderWords, makeFolder } from '../db/sqlite/make-folder.js';
import { SqliteFile } from '../db/sqlite/sqlite-file.js';
import { backupName, defaultBackupDir } from './backup-files.js';
import { inspectBackup, type BackupContents } from './inspect-backup.js';
import { syncFolder } from './make-backup.js';

/** What a restore did. */
export interface Restored extends BackupContents {
  database: string;
  /** Where the database it replaced was saved, or null when there was none. */
  previous: string | null;
}

/**
 * Refuses while anybody else has the database open (a running service keeps its connection):
 * SQLite will not leave WAL mode then. Leaving it also folds the WAL into the file, so the file
 * alone is the whole database. A damaged database is left as it is, to be saved as it is.
 */
function assertNotInUse(database: string): void {
  let free = true;
  try {
    free = SqliteFile.with(database, { busyWaitMs: 0 }, (current) => current.useRollbackJournal());
  } catch {
    // Damaged: saved as it is.
  }
  if (!free) {
    throw new ServicePayError(
      'CONFLICT',
      `${database} is in use (the service or the app is running on it): stop it first, then restore`,
    );
  }
}

/**
 * Refuses, before anything is copied, a data folder a live service holds (its `servicepay.lock`,
 * folder-hold.ts), naming the process to stop. A service started before the hold file existed is
 * still caught by assertNotInUse.
 */
function assertNotServed(dataDir: string): void {
  const holder = folderHolder(dataDir);
  if (holder === null) return;
  throw new ServicePayError(
    'CONFLICT',
    `${dataDir} is served by a running ServicePay${holder.pid === null ? '' : ` (process ${holder.pid})`}: ` +
      'stop that service (or the app) first, then restore',
  );
}

/** Saves the database about to be replaced (with its WAL, if one is left) as `before-restore-….db`. */
function saveCurrent(database: string, dataDir: string, now: Date): string | null {
  if (!existsSync(database)) return null;
  assertNotInUse(database);
  const dir = defaultBackupDir(dataDir);
  makeFolder(dir);
  const saved = join(dir, backupName(now).replace('servicepay-', 'before-restore-'));
  copyFileSync(database, saved);
  if (existsSync(`${database}-wal`)) copyFileSync(`${database}-wal`, `${saved}-wal`);
  return saved;
}

/**
 * Replaces the register's database in `dataDir` with the backup `file`, after checking a working
 * copy of it (inspectBackup: integrity, ServicePay tables, schema not newer than this build). The
 * database it replaces is saved first in the backups folder as `before-restore-….db`. The service
 * must be stopped; it migrates an older backup to this build's schema when it starts.
 */
export function restoreBackup(file: string, dataDir: string, now: Date): Restored {
  const source = resolve(file);
  if (!existsSync(source))
    throw new ServicePayError('INVALID_INPUT', `${file} cannot be restored: there is no such file`);
  if (statSync(source).isDirectory()) {
    throw new ServicePayError(
      'INVALID_INPUT',
      `${file} cannot be restored: it is a folder, not a backup: name one of the files in it (servicepay-<time>.db)`,
    );
  }
  const folderMade = !existsSync(dataDir);
  makeDataFolder(dataDir);
  assertNotServed(dataDir);
  const database = join(resolve(dataDir), DATABASE_FILE);
  const working = `${database}.restoring`;
  rmSync(working, { force: true });
  let restored = false;
  try {
    copyFileSync(source, working);
    const contents = inspectBackup(working, file);
    const previous = saveCurrent(database, dataDir, now);
    for (const leftover of [`${database}-wal`, `${database}-shm`]) rmSync(leftover, { force: true });
    renameSync(working, database);
    syncFolder(resolve(dataDir));
    restored = true;
    return { ...contents, database, previous };
  } finally {
    rmSync(working, { force: true });
    // A refused restore into a folder it made (a new machine's, a mistyped --data) leaves none behind.
    if (!restored && folderMade && readdirSync(dataDir).length === 0) rmdirSync(dataDir);
  }
}

/** Makes the data folder, or refuses in words one the system makes nothing in (a file in its place, /proc). */
function makeDataFolder(dataDir: string): void {
  try {
    makeFolder(dataDir);
  } catch (error) {
    const why = folderWords(error);
    if (why === undefined) throw error;
    throw invalidInput('--data', `${dataDir} cannot hold the database: ${why}`);
  }
}
