import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { MidnightJob, whileListening, type MidnightJobParts } from '../core/midnight-job.js';
import { runsSweeps } from '../core/sweep-owner.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { ExpiredBalance } from './points-expiry.js';

export { untilNextMidnight, type JobTimers } from '../core/midnight-job.js';

/** The first run, once the service has settled after its start. */
export const FIRST_EXPIRY_MS = 10_000;

/** What the job needs: the expiry, whether this instance is the one to run it, and where it says what it did. */
export type ExpiryJobParts = Omit<MidnightJobParts, 'run' | 'firstMs' | 'failed'> & {
  run(): Promise<ExpiredBalance[]>;
};

/**
 * Points expiry while the service runs (core/midnight-job.ts): soon after it starts, then just after
 * each store's midnight, when a new day may have made balances due; never on an attached register.
 */
export class PointsExpiryJob extends MidnightJob {
  constructor(parts: ExpiryJobParts) {
    super({
      ...parts,
      firstMs: FIRST_EXPIRY_MS,
      failed: 'expiring loyalty points failed',
      run: async () => {
        const expired = await parts.run();
        if (expired.length === 0) return;
        const points = expired.reduce((sum, each) => sum + each.points, 0);
        parts.log.info({ customers: expired.length, points }, 'loyalty points expired');
      },
    });
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
  whileListening(app, job);
  return job;
}
