import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { MidnightJob, whileListening } from '../core/midnight-job.js';
import { runsSweeps } from '../core/sweep-owner.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { DayTotalsWriter } from './day-totals-writer.js';

/** The first run, once the service has settled after its start. */
const FIRST_MS = 15_000;
/** Days changed since they were added up (a register's sales forwarded late) are added up again within the hour. */
const EVERY_MS = 3_600_000;

/**
 * Keeps closed store days added up for the reports (day-totals-writer.ts) while the service listens:
 * soon after it starts, every hour and just after each store's midnight, on the node that owns the
 * data (a standalone register or a store server, one instance; never an attached register). A
 * test's inject runs none: it calls the writer itself.
 */
export function startDayTotals(app: FastifyInstance, ctx: ServiceContext): DayTotalsWriter {
  const writer = new DayTotalsWriter(ctx.db, ctx.now);
  const dispensaries = new DispensaryRepository(ctx.db);
  const job = new MidnightJob({
    run: async () => {
      const days = await writer.run();
      if (days > 0) app.log.info({ days }, 'store days added up for reports');
    },
    ours: () => runsSweeps(ctx),
    timeZones: async () => [...new Set((await dispensaries.list()).map((store) => store.timezone))],
    now: ctx.now,
    log: app.log,
    firstMs: FIRST_MS,
    everyMs: EVERY_MS,
    failed: 'adding up store days for reports failed',
  });
  whileListening(app, job);
  return writer;
}
