import { sql } from 'kysely';
import type { Builder } from '../db/query.js';
import { closedAgainAfter, KEPT } from '../reports/sale-closings.js';

/**
 * The sales a shift closed, one row each, as a table to select from: `order_id` (null for a closing
 * payment with no order) and `customer` (who bought, for its count of distinct customers: the
 * customer on file of the sale's order; null when none, each such sale one customer). Not the
 * payment's `customer`: a register sends it only when every field of it is filled in. A sale
 * closes in the shift of the payment that paid it for good (reports/sale-closings.ts: a payment a
 * whole refund or a void reopened, its order paid again after, closed nothing). An order that owes
 * nothing (its total $0.00: reward dollars or discounts cover it) has no payment: it closes in the
 * shift open at the register where it was paid (`closed_in_shift_id`, ./paid-without-payment.ts),
 * counted as the store's reports count it — still paid, not canceled, no kept closing payment.
 * `shiftId` is a prepared query's parameter or a value.
 */
export function shiftClosings(k: Builder, shiftId: string) {
  const payments = k
    .selectFrom('payments as pay')
    .leftJoin('orders as bought', 'bought.id', 'pay.order_id')
    .select(['pay.order_id as order_id', 'bought.customer_id as customer'])
    .where('pay.shift_id', '=', shiftId)
    .where('pay.status', 'in', KEPT)
    .where('pay.closes_sale', '=', 1)
    .where(sql<boolean>`NOT ${closedAgainAfter('pay')}`);
  const withoutPayment = k
    .selectFrom('orders as o')
    .select(['o.id as order_id', 'o.customer_id as customer'])
    .where('o.closed_in_shift_id', '=', shiftId)
    .where(sql<boolean>`o.total_cents = 0 AND o.payment_status = 'PAID'`)
    .where('o.status', '<>', 'CANCELED')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments as c')
            .select('c.id')
            .whereRef('c.order_id', '=', 'o.id')
            .where('c.closes_sale', '=', 1)
            .where('c.status', 'in', KEPT),
        ),
      ),
    );
  return payments.unionAll(withoutPayment);
}
