import { closeSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import { SCHEMA_VERSION } from '../db/migrations/index.js';
import { folderWords, makeFolder } from '../db/sqlite/make-folder.js';
import { SqliteFile } from '../db/sqlite/sqlite-file.js';
import { backupName } from './backup-files.js';
import { BackupsRepository, type BackupRecord } from './backups-repository.js';

/** Why a PostgreSQL database is not backed up by ServicePay, for the CLI and the service's log. */
export const POSTGRES_BACKUPS =
  "this service's data is in PostgreSQL, which its database administrator backs up with pg_dump " +
  "(or pg_basebackup for point-in-time recovery); `servicepay backup` copies a register's SQLite file only";

/** How a backup is made. */
export interface BackupOptions {
  /** The folder it goes in (made when missing). */
  dir: string;
  /** True for the service's own schedule; false for `servicepay backup`. */
  automatic: boolean;
  now: () => Date;
}

/** A backup made, and how long it took. */
export interface MadeBackup extends BackupRecord {
  durationMs: number;
}

/**
 * Copies the register's database into a new file of `options.dir` with SQLite's online backup
 * API, consistent while sales go on: written as `<name>.partial`, made a standalone file (rollback
 * journal, so it opens read-only anywhere), then renamed, so a file with a backup's name is always
 * whole. The backup is then logged in the database (the back office shows the newest).
 */
export async function makeBackup(db: DataLayer, options: BackupOptions): Promise<MadeBackup> {
  if (!db.onlineBackup) throw new ServicePayError('CONFLICT', POSTGRES_BACKUPS);
  const started = options.now();
  const dir = resolve(options.dir);
  const file = join(dir, backupName(started));
  const partial = `${file}.partial`;
  startFile(dir, partial);
  try {
    await db.onlineBackup(partial);
    SqliteFile.with(partial, {}, (copy) => copy.useRollbackJournal());
    renameSync(partial, file);
    syncFolder(dir);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const finished = options.now();
  const record: BackupRecord = {
    id: timeOrderedUuid(finished.getTime()),
    file,
    bytes: statSync(file).size,
    automatic: options.automatic,
    schemaVersion: SCHEMA_VERSION,
    startedAt: started.toISOString(),
    finishedAt: finished.toISOString(),
  };
  await db.write((tx) => new BackupsRepository(db).record(tx, record));
  return { ...record, durationMs: finished.getTime() - started.getTime() };
}

/**
 * Makes the folder (when missing) and the empty file the copy goes in, before it starts: a folder
 * that cannot take it is refused at once, in words naming it (`dir`: the CLI's `--to`). A backup
 * never replaces a file: its name is new, and a file where the folder should be is refused.
 */
function startFile(dir: string, partial: string): void {
  try {
    makeFolder(dir);
    closeSync(openSync(partial, 'w'));
  } catch (error) {
    const why = folderWords(error);
    if (why === undefined) throw error;
    const aFile = (error as NodeJS.ErrnoException).code === 'EEXIST';
    const hint = aFile ? '; a backup never replaces a file: name the folder to write it in' : '';
    throw new ServicePayError('INVALID_INPUT', `cannot write a backup in ${dir}: ${why}${hint}`, {
      field: 'dir',
      cause: error,
    });
  }
}

/** Makes a rename in `dir` durable (the folder's entry, not only the file's bytes). */
export function syncFolder(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
