import type { FastifyInstance } from 'fastify';
import { nextDay, startOfZonedDay, zonedDate } from '../../../shared/zoned-day.js';
import type { ServiceContext } from '../core/context.js';
import { runsSweeps } from '../core/sweep-owner.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ExpiredBalance } from './points-expiry.js';

const DAY_MS = 86_400_000;
/** After a store's midnight, so its new day has begun on every clock. */
const AFTER_MIDNIGHT_MS = 60_000;
/** The first run, once the service has settled after its start. */
export const FIRST_EXPIRY_MS = 10_000;

/** The timers the job waits with: the real ones, or a test's. */
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

/** What the job needs: the expiry, whether this instance is the one to run it, and where it says what it did. */
export interface ExpiryJobParts {
  run(): Promise<ExpiredBalance[]>;
  ours(): Promise<boolean>;
  timeZones(): Promise<string[]>;
  now(): Date;
  log: Pick<FastifyInstance['log'], 'info' | 'warn'>;
  timers?: JobTimers;
}

/**
 * Points expiry while the service runs: soon after it starts (a store server switched off over a
 * night finds the day's expiries at once), then just after each store's midnight, when a new day may
 * have made balances due. Runs only where `ours()` (never on an attached register).
 */
export class PointsExpiryJob {
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly timers: JobTimers;

  constructor(private readonly parts: ExpiryJobParts) {
    this.timers = parts.timers ?? REAL_TIMERS;
  }

  start(): void {
    this.schedule(FIRST_EXPIRY_MS);
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
    const { log } = this.parts;
    let next = DAY_MS;
    try {
      next = untilNextMidnight(this.parts.now(), await this.parts.timeZones());
      if (!(await this.parts.ours())) return;
      const expired = await this.parts.run();
      if (expired.length > 0) {
        const points = expired.reduce((sum, each) => sum + each.points, 0);
        log.info({ customers: expired.length, points }, 'loyalty points expired');
      }
    } catch (error) {
      log.warn({ err: error }, 'expiring loyalty points failed; trying again at the next midnight');
    } finally {
      this.schedule(next);
    }
  }
}

/**
 * Wires the job into the service (app.ts): it runs while the service listens (a test's inject runs
 * none: it calls `run` itself with its own clock), on the node that owns the stores' ledgers (a
 * standalone register or a store server, not an attached register), on one instance only.
 */
export function startPointsExpiry(
  app: FastifyInstance,
  ctx: ServiceContext,
  run: () => Promise<ExpiredBalance[]>,
): PointsExpiryJob {
  const dispensaries = new DispensaryRepository(ctx.db);
  const job = new PointsExpiryJob({
    run,
    now: ctx.now,
    log: app.log,
    timeZones: async () => [...new Set((await dispensaries.list()).map((store) => store.timezone))],
    ours: () => runsSweeps(ctx),
  });
  app.addHook('onListen', () => job.start());
  app.addHook('preClose', () => job.stop());
  return job;
}
