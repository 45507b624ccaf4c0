import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../../shared/contracts/common.js';
import { RefundableOrderSchema, type RefundableOrder } from '../../../../shared/contracts/payment-reports.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { AuthService } from '../../auth/auth-service.js';
import type { DataLayer } from '../../db/data-layer.js';
import { refundableLines } from '../pay/line-refunds.js';
import { leftOf } from '../pay/return-parts.js';
import { saleRefunds } from '../pay/sale-refunds.js';
import { STORED_CODE } from '../pay/stored-cards.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import { BEARER, TAGS } from './route-helpers.js';

const OrderParams = Type.Object({ orderId: Type.String({ format: 'uuid' }) });

/** What of an approved payment a refund may still give back (0 while not captured, or stored unsent). */
const refundableCents = (payment: StoredPayment) =>
  payment.captured && payment.responseCode !== STORED_CODE ? Math.max(0, leftOf(payment)) : 0;

/**
 * `GET /v2.0/ticket/<orderId>/refundable` (`ticket:read`): what of a sale may come back — its
 * lines in cents and thousandths (what came back of each already, and what refunds by amount gave
 * back of the rest) and what each approved payment has left — for the refund by items (the back
 * office's, a return at the POS counter), which prices a choice with shared/refunds/line-refund.ts
 * as the refund itself will.
 */
export function registerRefundableRoute(
  app: FastifyInstance,
  auth: AuthService,
  db: DataLayer,
  store: PaymentStore,
): void {
  app.get<{ Params: { orderId: string } }>(
    '/v2.0/ticket/:orderId/refundable',
    {
      // The order's own data: whoever reads its ticket reads it (a cashier returning items at the POS).
      onRequest: auth.guard({ permission: 'ticket:read' }),
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: "What of a sale may come back: its lines and its payments' refundable cents",
        params: OrderParams,
        response: { 200: RefundableOrderSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<RefundableOrder> => {
      const principal = request.principal!;
      const { orderId } = request.params;
      const scope = { organizationId: principal.organizationId, dispensaryId: principal.dispensaryId };
      const full = (await store.orders.findByIdIn(db, scope, orderId))[0];
      if (!full) throw new ServicePayError('NOT_FOUND', `no order ${orderId} at your stores`);
      const payments = (await store.payments.ofOrder(db, orderId)).filter((payment) => payment.status === 'approved');
      const { lines } = refundableLines(full, await saleRefunds(store, db.builder, db, orderId));
      return {
        resultCode: 'SUCCESS',
        resultReason: null,
        orderId: full.order.id,
        orderNumber: full.order.orderNumber,
        tierDiscountCents: full.order.totals.tierDiscount,
        payByPointsCents: full.order.totals.payByPoints,
        lines: full.items.map((item, index) => ({
          itemId: item.id,
          name: item.name,
          brand: item.brand,
          weighed: item.deli,
          quantityMilli: item.quantityMilli,
          refundedQuantityMilli: item.refundedQuantityMilli,
          lineSubTotalCents: item.lineSubTotalCents,
          lineDiscountCents: item.lineDiscountCents,
          lineTaxCents: item.lineTaxCents,
          byAmountCents: lines[index]!.byAmountCents ?? 0,
          byAmountTaxCents: lines[index]!.byAmountTaxCents ?? 0,
        })),
        payments: payments.map((payment) => ({
          paymentId: payment.id,
          method: payment.method,
          refundableCents: refundableCents(payment),
        })),
      };
    },
  );
}
