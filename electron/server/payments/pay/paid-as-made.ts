import { fulfillmentOf } from '../../../../shared/order-status.js';
import type { Queryable } from '../../db/query.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';
import { syncOrderPayment } from './settlement.js';

/**
 * How a new order, or one whose lines changed, is paid (tickets' `created` and `edited` hooks):
 * `syncOrderPayment`, in the ticket's write. One that owes nothing (its total $0.00: reward dollars
 * or discounts cover it) is paid with no payment, and no payment carries the drawer shift its sale
 * closes in: when it becomes PAID for the first time (and at a register is handed over: the moment
 * the store's reports count it, reports/sale-closings.ts), the shift open at `register` (the
 * session's terminal; null away from one) is stamped on it, so that shift's X and Z count it. One
 * being picked is counted when handed over, as the reports do, in the shift open at the register
 * that hands it over (tickets/ticket-service.ts `advance`). True when the order changed.
 */
export async function syncAsMade(
  store: PaymentStore,
  tx: Queryable,
  order: OrderRecord,
  actor: string,
  at: string,
  register: string | null,
): Promise<boolean> {
  const closes =
    order.totals.total === 0 &&
    fulfillmentOf(order.status) === 'AWAITING_PROCESSING' &&
    !(await store.paidWithoutPayment.paidBefore(tx, order.id));
  const changed = await syncOrderPayment(store, tx, order, actor, at);
  if (changed && closes) await store.paidWithoutPayment.closed(tx, order, register);
  return changed;
}
