import type { FastifyInstance } from 'fastify';
import { nextDay, startOfZonedDay, zonedDate } from '../../../shared/zoned-day.js';

const DAY_MS = 86_400_000;
/** After a store's midnight, so its new day has begun on every clock. */
const AFTER_MIDNIGHT_MS = 60_000;
/**
 * How soon an instance that is not the job's looks again: the one that is may be gone (a store
 * server's instance that crashed is taken as gone 20 s after its last heartbeat), and the work it
 * would have done at its start or at a midnight then falls to another at its next look, not a day later.
 */
export const NOT_OURS_MS = 60_000;

/** The timers a job waits with: the real ones, or a test's. */
export interface JobTimers {
  set(run: () => void, delayMs: number): unknown;
  clear(timer: unknown): void;
}

const REAL_TIMERS: JobTimers = {
  set: (run, delayMs) => setTimeout(run, delayMs).unref(),
  clear: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/** How long from `now` to just after the first of the stores' next midnights (at most a day). */
export function untilNextMidnight(now: Date, timeZones: readonly string[]): number {
  let soonest = now.getTime() + DAY_MS;
  for (const zone of timeZones) {
    const midnight = startOfZonedDay(nextDay(zonedDate(now, zone)), zone).getTime() + AFTER_MIDNIGHT_MS;
    soonest = Math.min(soonest, midnight);
  }
  return Math.max(0, soonest - now.getTime());
}

/** What a job needs: its work, whether this instance is the one to do it, and where it says what went wrong. */
export interface MidnightJobParts {
  run(): Promise<void>;
  ours(): Promise<boolean>;
  timeZones(): Promise<string[]>;
  now(): Date;
  log: Pick<FastifyInstance['log'], 'info' | 'warn'>;
  timers?: JobTimers;
  /** The first run, once the service has settled after its start. */
  firstMs: number;
  /** Also runs at least this often (none: only at midnights). */
  everyMs?: number;
  /** What the log says when a run fails: "<failed>; trying again …". */
  failed: string;
}

/**
 * Work done while the service runs: soon after it starts (a store server switched off over a night
 * finds the day's work at once), then just after each store's midnight (and every `everyMs`). Runs
 * only where `ours()` (never on an attached register); an instance whose it is not looks again
 * every NOT_OURS_MS, so it takes over the work of one that is gone; a failed run is tried again at
 * the next turn.
 */
export class MidnightJob {
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly timers: JobTimers;

  constructor(private readonly parts: MidnightJobParts) {
    this.timers = parts.timers ?? REAL_TIMERS;
  }

  start(): void {
    this.schedule(this.parts.firstMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = this.timers.set(() => this.turn(), delayMs);
  }

  private turn(): void {
    this.timer = null;
    this.running = this.once().finally(() => (this.running = null));
  }

  private async once(): Promise<void> {
    const { log, everyMs } = this.parts;
    let next = everyMs ?? DAY_MS;
    try {
      next = Math.min(next, untilNextMidnight(this.parts.now(), await this.parts.timeZones()));
      if (!(await this.parts.ours())) {
        next = Math.min(next, NOT_OURS_MS);
        return;
      }
      await this.parts.run();
    } catch (error) {
      log.warn({ err: error }, `${this.parts.failed}; trying again at the next turn`);
    } finally {
      this.schedule(next);
    }
  }
}

/** Starts `job` when the service listens and stops it before it closes (a test's inject runs none). */
export function whileListening(app: FastifyInstance, job: MidnightJob): MidnightJob {
  app.addHook('onListen', () => job.start());
  app.addHook('preClose', () => job.stop());
  return job;
}
