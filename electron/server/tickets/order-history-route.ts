import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { OrderHistorySchema, type OrderHistory } from '../../../shared/contracts/order-history.js';
import { OrderHistoryReader } from './order-history.js';
import { AuthHeaders, common, OrderParams, PREFIX } from './ticket-route-schemas.js';

/**
 * `GET …/ecommerce/ticket/<orderId>/history`: the order's life for the back office's order detail
 * (and the register's: an online order's codes at its hand-over, the points a return moved) —
 * each status it reached, each payment taken, voided or refunded, when and by whom (display names),
 * and its customer's name. Staff who sell at the store only (`ticket:create`, as its receipt): it
 * names staff and customers, which the public ticket does not, so a pole display or a partner may not.
 */
export function registerOrderHistoryRoute(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  scope: (request: FastifyRequest<{ Params: { dispensaryShortName: string } }>) => Promise<Dispensary>,
): void {
  const reader = new OrderHistoryReader(ctx.db);
  app.get<{ Params: { dispensaryShortName: string; orderId: string } }>(
    `${PREFIX}/ticket/:orderId/history`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:create', staffOnly: true }),
      schema: {
        ...common,
        summary: "An order's history: its statuses, payments, voids and refunds, when and by whom",
        params: OrderParams,
        headers: AuthHeaders,
        response: { 200: OrderHistorySchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<OrderHistory> => {
      const dispensary = await scope(request);
      const history = await reader.read(ctx.db, dispensary.id, request.params.orderId);
      if (!history) throw new ServicePayError('NOT_FOUND', `no order ${request.params.orderId} at this store`);
      return { resultCode: 'SUCCESS', resultReason: null, ...history };
    },
  );
}
