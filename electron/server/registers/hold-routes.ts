import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import { HoldRequestSchema, HoldResponse, type HoldRequest } from '../../../shared/contracts/register-holds.js';
import { Count } from '../../../shared/numbers.js';
import type { ServiceContext } from '../core/context.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';
import { SaleHolds } from './sale-holds.js';

/** How often a server looks for holds whose sale never came: a tenth of their life, at most every 30 s. */
export const expirySweepMs = (expiryMs: number) => Math.min(30_000, Math.max(100, Math.round(expiryMs / 10)));

/**
 * `POST /v2.0/register/holds` and `DELETE /v2.0/register/holds/<holdId>`: an attached register
 * (its own credentials) holds a sale's units at the store's one stock before it writes the sale,
 * with its customer's allowance under the store's purchase limits, and gives them back when it did
 * not write it. What no sale took goes back when it expires.
 */
export function registerHoldRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  const holds = new SaleHolds(ctx);
  app.post<{ Body: HoldRequest }>(
    '/v2.0/register/holds',
    {
      schema: {
        tags: ['registers'],
        summary:
          "Holds the units a register's sale is about to take from the store's stock (all or none), and its customer's allowance",
        security: [{ register: [] }],
        body: HoldRequestSchema,
        response: { 200: HoldResponse, ...failures(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const outcome = await ctx.db.write((tx) => holds.hold(tx, register, request.body, ctx.now()));
      // Held, the units are taken from the store's one stock: its screens' figures follow.
      const packages = request.body.reservations.map((reservation) => reservation.packageId);
      if (outcome.held) ctx.stockMoves.packages(register.dispensaryId, packages);
      return { resultCode: 'SUCCESS' as const, resultReason: null, ...outcome };
    },
  );
  app.delete<{ Params: { holdId: string } }>(
    '/v2.0/register/holds/:holdId',
    {
      schema: {
        tags: ['registers'],
        summary: 'Gives back the units and allowance a register held for a sale it did not write',
        security: [{ register: [] }],
        params: Type.Object({ holdId: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ ...SuccessFields, released: Count() }), ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const packages = await ctx.db.write((tx) => holds.release(tx, register.registerId, request.params.holdId));
      // Given back, the units are the store's again: its screens' figures follow (a hold gone already moved none).
      if (packages.length > 0) ctx.stockMoves.packages(register.dispensaryId, packages);
      return { resultCode: 'SUCCESS' as const, resultReason: null, released: packages.length };
    },
  );
  startHoldExpiry(app, ctx, holds);
}

/** Gives back expired holds every little while, on every instance (each takes what it finds locked for it). */
function startHoldExpiry(app: FastifyInstance, ctx: ServiceContext, holds: SaleHolds): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const sweep = async (log: FastifyBaseLogger) => {
    try {
      while (await holds.anyExpired(ctx.db, ctx.now())) {
        const expired = await ctx.db.write((tx) => holds.expire(tx, ctx.now()));
        // Each batch told once committed, to the screens of each store whose units went back.
        for (const [dispensaryId, packages] of expired) ctx.stockMoves.packages(dispensaryId, packages);
      }
    } catch (error) {
      log.warn({ err: error }, 'giving back expired holds failed; trying again later');
    }
  };
  const turn = () => {
    running = sweep(app.log).finally(() => {
      running = null;
      if (timer) timer = setTimeout(turn, expirySweepMs(ctx.config.holdExpiryMs));
    });
  };
  app.addHook('onListen', () => {
    timer = setTimeout(turn, expirySweepMs(ctx.config.holdExpiryMs));
  });
  app.addHook('preClose', async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  });
}
