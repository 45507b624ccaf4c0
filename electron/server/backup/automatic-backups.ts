import type { FastifyBaseLogger } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import type { ServiceContext } from '../core/context.js';
import { defaultBackupDir, pruneBackups } from './backup-files.js';
import { BackupsRepository } from './backups-repository.js';
import { makeBackup, POSTGRES_BACKUPS } from './make-backup.js';

const HOUR_MS = 60 * 60 * 1000;
/** The longest wait setTimeout takes (about 24.8 days); a later backup is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Why a backup could not be made, in words (a system error's code never reaches the manager). */
export function backupFailureWords(error: unknown): string {
  // A folder refused before the copy (make-backup.ts) keeps the system's error as its cause.
  const system = error instanceof ServicePayError ? error.cause : error;
  const code = (system as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'ServicePay may not write to the backup folder';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'the backup folder is a file, not a folder';
  if (code === 'EROFS') return 'the backup folder is on a read-only disk';
  if (code === 'ENOENT') return 'nothing can be written where the backup folder is';
  const message = error instanceof Error ? error.message : String(error);
  // The worker's words: "the copy of <file> failed: <SQLite's reason>".
  return message.replace(/^the copy of .* failed: /, '');
}

/** The last automatic backup that failed (none since), and why. */
export interface BackupFailure {
  /** ISO 8601 UTC. */
  at: string;
  reason: string;
}

/**
 * The service's own backups of the register's SQLite file: when it starts, if the last backup is
 * older than the interval (or there is none), then every interval, keeping the newest `keep` in the
 * folder. Off on PostgreSQL (the DBA's pg_dump), on an in-memory database and with an interval of 0.
 * One that fails is tried again within the hour, and its failure is kept (`lastFailure`, what the
 * back office shows) until a backup is made.
 */
export class AutomaticBackups {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private next: Date | null = null;
  private failure: BackupFailure | null = null;
  readonly dir: string;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly log: FastifyBaseLogger,
  ) {
    const { backups, dataDir } = ctx.config;
    this.dir = backups.dir ?? defaultBackupDir(dataDir);
  }

  /** True when this service makes backups itself. */
  get enabled(): boolean {
    const { config, db } = this.ctx;
    return db.onlineBackup !== null && config.dataDir !== ':memory:' && config.backups.everyHours > 0;
  }

  /** When the next automatic backup is due (ISO 8601 UTC); null when off, not scheduled yet, or being made. */
  get nextAt(): string | null {
    return this.next?.toISOString() ?? null;
  }

  /** The last automatic backup that failed, when none was made since (the back office says so at once). */
  get lastFailure(): BackupFailure | null {
    return this.failure;
  }

  /** Schedules the first backup: now when the last one is older than the interval. */
  async start(): Promise<void> {
    if (!this.ctx.db.onlineBackup) {
      this.log.info(`automatic backups are off: ${POSTGRES_BACKUPS}`);
      return;
    }
    if (!this.enabled) return;
    const last = await new BackupsRepository(this.ctx.db).latest(this.ctx.db);
    const interval = this.ctx.config.backups.everyHours * HOUR_MS;
    this.schedule(last ? Date.parse(last.finishedAt) + interval : 0);
  }

  /** Stops the schedule and waits for a backup being made. */
  async close(): Promise<void> {
    this.closed = true;
    this.next = null;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Schedules the next backup at `due` (ms since the epoch), or now when that has passed. */
  private schedule(due: number): void {
    if (this.closed) return;
    const now = this.ctx.now().getTime();
    this.next = new Date(Math.max(due, now));
    this.arm(Math.max(0, due - now));
  }

  /** Makes the backup in `waitMs`, setTimeout's longest wait at a time (an interval of weeks). */
  private arm(waitMs: number): void {
    const step = Math.min(waitMs, LONGEST_TIMER_MS);
    this.timer = setTimeout(() => {
      if (waitMs > step) return this.arm(waitMs - step);
      this.next = null;
      this.running = this.run().finally(() => (this.running = undefined));
    }, step);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    const { everyHours, keep } = this.ctx.config.backups;
    try {
      const made = await makeBackup(this.ctx.db, {
        dir: this.dir,
        automatic: true,
        now: this.ctx.now,
      });
      this.failure = null;
      const removed = pruneBackups(this.dir, keep);
      this.log.info({ file: made.file, bytes: made.bytes, ms: made.durationMs, removed }, 'automatic backup made');
      this.schedule(Date.parse(made.finishedAt) + everyHours * HOUR_MS);
    } catch (error) {
      // A full disk or a missing folder: say so, and try again within the hour.
      this.log.error({ err: error, dir: this.dir }, 'automatic backup failed');
      const failedAt = this.ctx.now();
      this.failure = { at: failedAt.toISOString(), reason: backupFailureWords(error) };
      this.schedule(failedAt.getTime() + Math.min(everyHours * HOUR_MS, HOUR_MS));
    }
  }
}
