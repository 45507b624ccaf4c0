import type { FastifyInstance } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import {
  READY_OVER_A_DAY_HOURS,
  ReadyOverADayResponse,
  type ReadyOverADay,
} from '../../../shared/contracts/unclaimed.js';
import { formatDecimal } from '../../../shared/money.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { AuthHeaders, common, Params, PREFIX } from '../tickets/ticket-route-schemas.js';
import { PickupExpiry } from './pickup-expiry.js';
import { holdEndsAt, pastHold, readyBefore } from './pickup-hold.js';
import { startPickupSweeps } from './pickup-sweeps.js';
import { READY_LIST_MAX, ReadyOrdersRepository } from './ready-orders-repository.js';

/**
 * Orders not picked up (README "Unclaimed orders"): the sweep that cancels unpaid ones past the
 * store's hold, and `GET …/ecommerce/pickup/ready-over-a-day`, the back office's list of orders
 * ready for over a day. Answers the sweep (tests drive it with their own clock).
 */
export function registerUnclaimedOrders(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  tickets: TicketService,
): PickupExpiry {
  const dispensaries = new DispensaryRepository(ctx.db);
  const ready = new ReadyOrdersRepository(ctx.db);
  app.get<{ Params: { dispensaryShortName: string } }>(
    `${PREFIX}/pickup/ready-over-a-day`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'List orders packed and ready for pickup for over a day, longest waiting first',
        description:
          'Each with its number, customer, total, when it became ready, when the store’s hold ends ' +
          '(`pickupHoldHours`, 48 by default) and how it is paid. An unpaid order still ready when its ' +
          'hold ends is canceled by the service, its stock returned; a paid one is kept here ' +
          `(\`pastHold: true\`) for a manager to refund or hand over. At most ${READY_LIST_MAX} orders.`,
        params: Params,
        headers: AuthHeaders,
        response: { 200: ReadyOverADayResponse, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<ReadyOverADay> => {
      const dispensary = await dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);
      const now = ctx.now();
      const hours = dispensary.pickupHoldHours;
      const orders = await ready.readyBefore(ctx.db, dispensary.id, readyBefore(now, READY_OVER_A_DAY_HOURS));
      return {
        resultCode: 'SUCCESS',
        resultReason: null,
        holdHours: hours,
        orders: orders.map((order) => ({
          orderId: order.orderId,
          orderNumber: order.orderNumber,
          customerName: order.customerName,
          total: formatDecimal(order.totalCents),
          readySince: new Date(order.readySince).toISOString(),
          holdEndsAt: holdEndsAt(order.readySince, hours).toISOString(),
          paymentStatus: order.paymentStatus,
          pastHold: pastHold(order.readySince, hours, now),
        })),
      };
    },
  );
  const expiry = new PickupExpiry(ctx, tickets);
  startPickupSweeps(app, ctx, expiry);
  return expiry;
}
