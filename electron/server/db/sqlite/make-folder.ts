import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes the folder `dir` and those above it that are missing, one at a time, throwing the system's
 * error where one cannot be made (EEXIST: a file is in its place). Node's own recursive mkdir goes
 * round for ever where the system answers "no such file" under a folder that exists (/proc/nope).
 */
export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    const parent = dirname(dir);
    // Missing where its parent is there: the system makes nothing here, and never will.
    if (code !== 'ENOENT' || parent === dir || existsSync(parent)) throw error;
    makeFolder(parent);
    makeFolder(dir);
  }
}

/** Why nothing can be written in a folder, by the system's code, in words (a code never reaches a person). */
const WHY: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EACCES: 'ServicePay may not write there',
  EPERM: 'ServicePay may not write there',
  EEXIST: 'it is a file, not a folder',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EROFS: 'the disk is read-only',
  ENOENT: 'the system makes no files or folders there',
};

/** Why `error` (a system error, or one with a system error as its cause) left a folder unwritten; undefined for another failure. */
export function folderWords(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== undefined) return WHY[code];
  const cause = (error as Error | null)?.cause;
  return cause === undefined ? undefined : folderWords(cause);
}
