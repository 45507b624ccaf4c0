import { closeSync, existsSync, fdatasync, openSync } from 'node:fs';
import type { Database } from 'better-sqlite3';

/** Makes everything committed so far durable (an fdatasync of the WAL), off the main thread. */
export type DurabilityBarrier = () => Promise<void>;

/**
 * The barrier of a WAL-mode connection running with synchronous=NORMAL: commits are written to the
 * WAL but not fsynced, and no write is answered before this barrier has fdatasynced the WAL. That is
 * the guarantee of synchronous=FULL (a checkpoint, which moves frames out of the WAL, syncs both
 * files itself) without blocking the event loop, and one fsync covers many transactions.
 */
export function walBarrier(conn: Database): { barrier: DurabilityBarrier; close: () => void } {
  const walPath = `${conn.name}-wal`;
  if (!existsSync(walPath)) conn.exec('BEGIN IMMEDIATE; COMMIT');
  // Any descriptor of the file flushes all of its dirty pages; the WAL keeps its inode while a
  // connection is open (it is reused from the start after checkpoints, never deleted).
  const walFd = openSync(walPath, 'r+');
  return {
    barrier: () =>
      new Promise<void>((resolve, reject) => fdatasync(walFd, (error) => (error ? reject(error) : resolve()))),
    close: () => closeSync(walFd),
  };
}
