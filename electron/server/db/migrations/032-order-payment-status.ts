import { sql, type RawBuilder } from 'kysely';
import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Fills in the payment status of orders written before it from what they were: paid or authorized
 * as their status says; in fulfilment, paid unless their history shows an authorization that was
 * never captured; completed, paid (completing captures); the others (canceled too), unpaid.
 */
export function fillPaymentStatus(): RawBuilder<unknown> {
  return sql`
    UPDATE orders SET payment_status = CASE
      WHEN status IN ('PAID', 'COMPLETED') THEN 'PAID'
      WHEN status = 'AUTHORIZED' THEN 'AUTHORIZED'
      WHEN status IN ('IN_PROCESS', 'PACKED_READY') THEN CASE
        WHEN EXISTS (SELECT 1 FROM order_status_history h WHERE h.order_id = orders.id AND h.to_status = 'PAID')
        THEN 'PAID' ELSE 'AUTHORIZED' END
      ELSE 'UNPAID' END
    WHERE status <> 'AWAITING_PROCESSING'`;
}

/**
 * Migration 32: `orders.payment_status` (UNPAID, AUTHORIZED, PAID), so an order is worked in the
 * store whether or not it is paid (shared/order-status.ts); orders written before it are filled in
 * (`fillPaymentStatus`). On a register the capture triggers are made again (and the stock claims'
 * after them), so the column is forwarded with the rest of the row.
 */
export const orderPaymentStatus: Migration = {
  version: 32,
  name: 'order-payment-status',
  async up({ db, engine }) {
    await db.schema
      .alterTable('orders')
      .addColumn('payment_status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('UNPAID')
          .check(sql`payment_status IN ('UNPAID', 'AUTHORIZED', 'PAID')`),
      )
      .execute();
    // On a register, filling in is not a change to forward: the server fills in its own rows.
    await recaptureOrders.before(db, engine);
    await fillPaymentStatus().execute(db);
    await recaptureOrders.after(db, engine);
  },
};
