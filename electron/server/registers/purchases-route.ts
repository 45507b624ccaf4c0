import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import {
  PurchasesQuery,
  PurchasesResponse,
  type PurchasesQueryType,
} from '../../../shared/contracts/register-holds.js';
import type { ServiceContext } from '../core/context.js';
import { PurchaseHistory } from '../customers/purchase-history.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';

/**
 * `GET /v2.0/register/purchases`: what a customer bought in a purchase limits' period at the
 * store, for an attached register (its own credentials) to count with its own sales: the other
 * registers' and the ecommerce site's count at every register, and what registers hold for sales
 * they are writing (`POST /v2.0/register/holds`). A customer the register added
 * offline whom the server knows under another id (`customer_aliases`) is asked as the server's.
 */
export function registerPurchasesRoute(app: FastifyInstance, ctx: ServiceContext): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  const history = new PurchaseHistory(ctx.db);
  app.get<{ Querystring: PurchasesQueryType }>(
    '/v2.0/register/purchases',
    {
      schema: {
        tags: ['registers'],
        summary: "A customer's purchases in a limits' period at the store, for an attached register",
        security: [{ register: [] }],
        querystring: PurchasesQuery,
        response: { 200: PurchasesResponse, ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const { customerId, from, to } = request.query;
      const alias = await ctx.db.first(
        ctx.db.builder
          .selectFrom('customer_aliases')
          .select('customer_id')
          .where('alias_id', '=', customerId)
          .where('dispensary_id', '=', register.dispensaryId),
      );
      const customer = alias?.customer_id ?? customerId;
      const lines = await history.lines(ctx.db, register.dispensaryId, customer, { from, to }, ctx.now());
      return { resultCode: 'SUCCESS' as const, resultReason: null, lines };
    },
  );
}
