import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import {
  DealUsesAskedSchema,
  DealUsesResponse,
  type DealUsesAsked,
} from '../../../shared/contracts/register-deal-uses.js';
import type { ServiceContext } from '../core/context.js';
import { DealUseHolds } from './deal-use-holds.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';

/**
 * `POST /v2.0/register/deal-uses`: the uses left at the store of its deals with limits, for an
 * attached register's quote or menu (its own credentials; README "Deals"): counted as its hold
 * counts them (the server's orders, the forwarded ones, what other registers hold), nothing held
 * and nothing locked. A customer the register added offline whom the server knows under another id
 * is counted as the server's.
 */
export function registerDealUsesRoute(app: FastifyInstance, ctx: ServiceContext): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  const holds = new DealUseHolds(ctx.db);
  app.post<{ Body: DealUsesAsked }>(
    '/v2.0/register/deal-uses',
    {
      schema: {
        tags: ['registers'],
        summary: 'The uses left of the store’s deals with limits, for an attached register’s quote',
        security: [{ register: [] }],
        body: DealUsesAskedSchema,
        response: { 200: DealUsesResponse, ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const asked = { ...request.body, using: [] };
      const { left } = await holds.check(ctx.db, register.dispensaryId, asked, ctx.now(), { locking: false });
      return { resultCode: 'SUCCESS' as const, resultReason: null, deals: left };
    },
  );
}
