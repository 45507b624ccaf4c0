import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import { RefundPointsSchema, type RefundPoints } from '../../../shared/contracts/refund-points.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { CustomersRepository } from '../customers/customers-repository.js';
import type { Queryable } from '../db/query.js';
import { OrderEvents } from '../tickets/order-events.js';
import type { FullOrder } from '../tickets/order-records.js';
import { OrdersRepository } from '../tickets/orders-repository.js';
import { LoyaltyLedger } from './loyalty-ledger.js';
import { OrderPointsRows } from './order-points.js';
import { SalePointsReader } from './sale-points.js';
import { StorePrograms } from './store-programmes.js';

const OrderParams = Type.Object({ orderId: Type.String({ format: 'uuid' }) });
const NONE = { resultCode: 'SUCCESS', resultReason: null, customer: null, sale: null, expired: 0 } as const;

/**
 * `GET /v2.0/ticket/<orderId>/refund-points` (`ticket:read`, staff): the sale's points as a refund
 * weighs them, read as the ledger's write of a refund reads them (SalePointsReader), with the
 * customer's points expired since the sale earned, so the POS's return and the back office's refund
 * and cancel say what they will move of the customer's points before they are made
 * (shared/loyalty/refund-points.ts). Beside `…/refundable`, which the refund dialogs read.
 */
export function registerRefundPointsRoute(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const orders = new OrdersRepository(ctx.db, OrderEvents.readOnly);
  const rows = new OrderPointsRows(ctx.db);
  const sales = new SalePointsReader(ctx.db);
  const programmes = new StorePrograms(ctx.db);
  const customers = new CustomersRepository(ctx.db);
  const ledger = new LoyaltyLedger(ctx.db);

  /**
   * What the ledger would count of the order's points (nothing: no customer, no programme, no
   * points, or canceled: a canceled order keeps none).
   */
  async function refundPoints(q: Queryable, full: FullOrder): Promise<RefundPoints> {
    const { order } = full;
    if (order.customerId === null || order.status === 'CANCELED') return NONE;
    if (!(await programmes.setUp(q, order.dispensaryId))) return NONE;
    const programme = await programmes.of(q, order.dispensaryId);
    const state = await rows.read(q, order.id);
    const sale = await sales.read(q, programme, order, state, full);
    if (!sale.earned && sale.spent === 0) return NONE;
    const customer = await customers.find(q, order.dispensaryId, order.customerId);
    // What a refund takes back of points that expired since is not taken again (OrderLoyalty.expiredAlready).
    const expired = sale.earned ? await ledger.expiredSinceEarned(q, order.customerId, order.id) : 0;
    return { ...NONE, customer: customer?.first_name ?? null, sale, expired };
  }

  app.get<{ Params: { orderId: string } }>(
    '/v2.0/ticket/:orderId/refund-points',
    {
      // Whoever gives a sale's items back reads what that does to its customer's points (a cashier at the POS).
      onRequest: auth.guard({ permission: 'ticket:read', staffOnly: true }),
      schema: {
        tags: ['payments'],
        security: [{ bearer: [] }],
        summary: "A sale's points as a refund weighs them: what a refund about to be made moves of them",
        params: OrderParams,
        response: { 200: RefundPointsSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<RefundPoints> => {
      const principal = request.principal!;
      const scope = { organizationId: principal.organizationId, dispensaryId: principal.dispensaryId };
      const full = (await orders.findByIdIn(ctx.db, scope, request.params.orderId))[0];
      if (!full) throw new ServicePayError('NOT_FOUND', `no order ${request.params.orderId} at your stores`);
      return refundPoints(ctx.db, full);
    },
  );
}
