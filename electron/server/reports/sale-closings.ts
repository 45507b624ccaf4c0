import { sql } from 'kysely';
import type { Builder } from '../db/query.js';

/** A payment that keeps its money: approved, or approved and since refunded (not voided). */
export const KEPT = ['approved', 'refunded'];

/** Which sales: a store's closed in [from, to) (ISO instants), or those of some orders whenever closed. */
export type ClosingsOf =
  { dispensaryIds: readonly string[]; from: string; to: string } | { orderIds: readonly string[] };

/** `p`'s order has a kept closing payment completed after `p` (ids break a tie): `p` closed nothing for good. */
export function closedAgainAfter(p: string) {
  const [order, at, id] = [sql.ref(`${p}.order_id`), sql.ref(`${p}.completed_at`), sql.ref(`${p}.id`)];
  return sql<boolean>`EXISTS (SELECT 1 FROM payments l WHERE l.order_id = ${order} AND l.closes_sale = 1
    AND l.status IN (${sql.join(KEPT)}) AND (l.completed_at > ${at} OR (l.completed_at = ${at} AND l.id > ${id})))`;
}

/** When the sale of `p`'s order closed: its last kept closing payment (null while it has none). */
export function saleClosedAt(p: string) {
  return sql<string | null>`(SELECT MAX(c.completed_at) FROM payments c WHERE c.order_id = ${sql.ref(`${p}.order_id`)}
    AND c.closes_sale = 1 AND c.status IN (${sql.join(KEPT)}))`;
}

/**
 * When an order that owes nothing (reward dollars or discounts cover it all) was paid without a payment
 * (tickets' `created` and `edited` hooks): its status became PAID, or, paid while being picked (no
 * such status), it was handed over (COMPLETED). Null until then.
 */
const paidWithoutPayment = sql<string | null>`(SELECT MIN(h.at) FROM order_status_history h
  WHERE h.order_id = o.id AND h.to_status IN ('PAID', 'COMPLETED'))`;

/**
 * The instant each sale closed, one row per sale (README "Reports"), as a table to select from (as
 * `pay`): `id`, `order_id`, `dispensary_id`, `completed_at` (its store day and hour) and `terminal_id`
 * (its register). A sale closes with its order's last kept closing payment: a whole refund or a void
 * reopens an order, and the payment that pays it again closes it again, so it is counted once, where
 * it was paid for good. An order paid whole without a payment (its total $0.00) closes when it was
 * paid, at the register of the drawer shift it closed in (`closed_in_shift_id`,
 * cash/paid-without-payment.ts: the shift whose X and Z count it), at none when no shift counts it
 * (paid online, in the back office, at a register with no open drawer); a canceled one never.
 */
export function saleClosings(k: Builder, of: ClosingsOf) {
  const payments = k
    .selectFrom('payments as c')
    .select(['c.id as id', 'c.order_id as order_id', 'c.dispensary_id as dispensary_id'])
    .select(['c.completed_at as completed_at', 'c.terminal_id as terminal_id'])
    .where(sql<boolean>`c.closes_sale = 1`)
    .where('c.status', 'in', KEPT)
    .where(sql<boolean>`NOT ${closedAgainAfter('c')}`);
  const unpaid = k
    .selectFrom('orders as o')
    .leftJoin('cash_shifts as s', 's.id', 'o.closed_in_shift_id')
    .select(['o.id as id', 'o.id as order_id', 'o.dispensary_id as dispensary_id'])
    .select([paidWithoutPayment.as('completed_at'), 's.terminal_id as terminal_id'])
    // As migration 56's index says it, so that index finds them (a store has few).
    .where(sql<boolean>`o.total_cents = 0 AND o.payment_status = 'PAID'`)
    .where('o.status', '<>', 'CANCELED')
    .where(paidWithoutPayment, 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payments as c')
            .select('c.id')
            .whereRef('c.order_id', '=', 'o.id')
            .where(sql<boolean>`c.closes_sale = 1`)
            .where('c.status', 'in', KEPT),
        ),
      ),
    );
  if ('orderIds' in of) {
    return payments.where('c.order_id', 'in', of.orderIds).unionAll(unpaid.where('o.id', 'in', of.orderIds));
  }
  return payments
    .where('c.dispensary_id', 'in', of.dispensaryIds)
    .where('c.completed_at', '>=', of.from)
    .where('c.completed_at', '<', of.to)
    .unionAll(
      unpaid
        .where('o.dispensary_id', 'in', of.dispensaryIds)
        .where(paidWithoutPayment, '>=', of.from)
        .where(paidWithoutPayment, '<', of.to),
    );
}
