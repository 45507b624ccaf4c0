import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { defaultBackupDir, pruneBackups } from './backup-files.js';
import { BackupsRepository } from './backups-repository.js';
import { makeBackup, POSTGRES_BACKUPS } from './make-backup.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The service's own backups of the register's SQLite file: when it starts, if the last backup is
 * older than the interval (or there is none), then every interval, keeping the newest `keep` in the
 * folder. Off on PostgreSQL (the DBA's pg_dump), on an in-memory database and with an interval of 0.
 */
export class AutomaticBackups {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
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

  /** Schedules the first backup: now when the last one is older than the interval. */
  async start(): Promise<void> {
    if (!this.ctx.db.onlineBackup) {
      this.log.info(`automatic backups are off: ${POSTGRES_BACKUPS}`);
      return;
    }
    if (!this.enabled) return;
    const last = await new BackupsRepository(this.ctx.db).latest(this.ctx.db);
    const interval = this.ctx.config.backups.everyHours * HOUR_MS;
    const due = last ? Date.parse(last.finishedAt) + interval : 0;
    this.schedule(due - this.ctx.now().getTime());
  }

  /** Stops the schedule and waits for a backup being made. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    // setTimeout takes at most about 24.8 days; a longer interval waits in steps.
    const wait = Math.min(Math.max(0, delayMs), 2 ** 31 - 1);
    this.timer = setTimeout(() => {
      this.running = this.run().finally(() => (this.running = undefined));
    }, wait);
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
      const removed = pruneBackups(this.dir, keep);
      this.log.info({ file: made.file, bytes: made.bytes, ms: made.durationMs, removed }, 'automatic backup made');
      this.schedule(everyHours * HOUR_MS);
    } catch (error) {
      // A full disk or a missing folder: say so, and try again within the hour.
      this.log.error({ err: error, dir: this.dir }, 'automatic backup failed');
      this.schedule(Math.min(everyHours * HOUR_MS, HOUR_MS));
    }
  }
}
