import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import { runsSweeps } from '../core/sweep-owner.js';
import type { PickupExpiry } from './pickup-expiry.js';

/** How often orders past their hold are looked for: holds are hours, so within five minutes of one ending. */
export const PICKUP_SWEEP_MS = 5 * 60_000;

/** The first sweep, once the service has settled after its start. */
const FIRST_SWEEP_MS = 10_000;

/**
 * Runs the pickup expiry every few minutes while the service listens (a test's inject runs none: it
 * calls `sweep` itself with its own clock), on the node that owns the store's orders: a standalone
 * register or a store server, never a register attached to one (its server sweeps). On a store
 * server with several instances only one sweeps, the first of those alive by id, so two never
 * cancel the same order at once.
 */
export function startPickupSweeps(app: FastifyInstance, ctx: ServiceContext, expiry: PickupExpiry): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const turn = () => {
    running = (async () => {
      try {
        if (!(await runsSweeps(ctx))) return;
        const { canceled, kept, refused } = await expiry.sweep();
        if (canceled.length > 0) app.log.info({ canceled }, 'orders not picked up within their hold canceled');
        if (refused.length > 0) app.log.warn({ refused }, 'orders past their hold not canceled; trying again later');
        if (kept.length > 0) app.log.debug({ kept }, 'paid orders past their hold kept for a manager');
      } catch (error) {
        app.log.warn({ err: error }, 'looking for orders past their pickup hold failed; trying again later');
      }
    })().finally(() => {
      running = null;
      if (timer) schedule();
    });
  };
  const schedule = (delayMs = PICKUP_SWEEP_MS) => {
    timer = setTimeout(turn, delayMs);
    timer.unref();
  };
  // Soon after start too: a register switched off over a weekend finds its expired orders at once.
  app.addHook('onListen', () => schedule(FIRST_SWEEP_MS));
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  });
}
