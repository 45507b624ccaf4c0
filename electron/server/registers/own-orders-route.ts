import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import { OwnOrdersRequest, OwnOrdersResponse, type OwnOrdersRequestType } from '../../../shared/contracts/registers.js';
import type { ServiceContext } from '../core/context.js';
import { changedOwnOrders } from './own-orders.js';
import { registerGuard } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';

/**
 * `POST /v2.0/register/orders`: an attached register (its own credentials) names its orders with
 * the version it holds of each; the server answers those it changed since, with their payments,
 * so a refund made at the back office is known at the register before it refunds the same sale.
 * Orders of another store are never answered.
 */
export function registerOwnOrdersRoute(app: FastifyInstance, ctx: ServiceContext): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  app.post<{ Body: OwnOrdersRequestType }>(
    '/v2.0/register/orders',
    {
      schema: {
        tags: ['registers'],
        summary: "A register's own orders the server changed since the register's version of them",
        security: [{ register: [] }],
        body: OwnOrdersRequest,
        response: { 200: OwnOrdersResponse, ...failures(400, 401, 429) },
      },
    },
    async (request) => {
      const register = await guard(request);
      const changed = await changedOwnOrders(ctx.db, register.dispensaryId, request.body);
      return { resultCode: 'SUCCESS' as const, resultReason: null, ...changed };
    },
  );
}
