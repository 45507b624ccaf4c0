import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `servicepay-2026-11-25T10-00-00-123Z.db`: a backup's name says when it was made (UTC). */
const NAME = /^servicepay-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db$/;

/** Where automatic backups (and `servicepay backup` without `--to`) go: `backups/` in the data folder. */
export function defaultBackupDir(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** The file name of a backup made at `at`. */
export function backupName(at: Date): string {
  return `servicepay-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.db`;
}

/** A backup file in a folder, and when it was made. */
export interface BackupFile {
  file: string;
  madeAt: Date;
  bytes: number;
}

/** The backups in `dir` (files named as `backupName` makes them), oldest first. */
export function listBackups(dir: string): BackupFile[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, day, hour, minute, second, milli] = match;
    const file = join(dir, name);
    found.push({ file, madeAt: new Date(`${day}T${hour}:${minute}:${second}.${milli}Z`), bytes: statSync(file).size });
  }
  return found.sort((a, b) => a.madeAt.getTime() - b.madeAt.getTime());
}

/** Deletes all but the newest `keep` backups of `dir`; answers the files deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = listBackups(dir);
  const old = backups.slice(0, Math.max(0, backups.length - keep)).map((backup) => backup.file);
  for (const file of old) rmSync(file, { force: true });
  return old;
}
