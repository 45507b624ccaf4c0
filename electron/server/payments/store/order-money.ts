import { sql } from 'kysely';
import type { OrderMoney } from '../../tickets/order-payment-hooks.js';
import type { Builder, Queryable } from '../../db/query.js';
import { paymentTotals } from './payment-totals.js';

/**
 * What each of `orderIds`' payments hold, as an order's balance counts them (payment-totals.ts:
 * approved amounts applied to it, tips and cash back aside), and what their refunds gave back, in
 * one query grouped by order whatever their number (a listing's page of orders). An order with no
 * payment is not in the map.
 */
export async function orderMoney(
  k: Builder,
  q: Queryable,
  orderIds: readonly string[],
): Promise<ReadonlyMap<string, OrderMoney>> {
  if (orderIds.length === 0) return new Map();
  const rows = await q.all(
    paymentTotals(k)
      .select(['order_id as orderId', sql<number>`COALESCE(SUM(refunded_cents), 0)`.as('refunded')])
      .where('order_id', 'in', [...orderIds])
      .groupBy('order_id'),
  );
  return new Map(
    rows.map((row) => [row.orderId!, { paid: Number(row.approvedAmount), refunded: Number(row.refunded) }]),
  );
}
