import { sql, type RawBuilder } from 'kysely';
import type { Builder, Queryable } from '../db/query.js';
import type { ApartPayment } from './paid-apart.js';
import { refundedBefore } from './report-rows.js';
import { closedSales, closingPayments, KEPT, n } from './report-sums.js';
import { closedAgainAfter, saleClosedAt } from './sale-closings.js';
import { dayKey, type StoreDays } from './store-days.js';

/** One store day's part of a range's sales with the same tax layers, added up. */
export interface SaleSums {
  dispensaryId: string;
  /** The group's first closing instant: its store day. */
  at: string;
  sales: number;
  grossCents: number;
  /** The orders' discount and tier discount columns (zero or negative). */
  orderDiscountCents: number;
  taxCents: number;
  deliveryCents: number;
  payByPointsCents: number;
  taxLayers: string | null;
}

/** A sold line's deal discounts (JSON), when its sale closed. */
export interface DealSums {
  dispensaryId: string;
  at: string;
  deals: string;
}

/** One store day's part of a range's approved payments of one method, added up. */
export interface TenderSums {
  dispensaryId: string;
  at: string;
  method: string;
  count: number;
  amount: number;
  tip: number;
  cashback: number;
}

/**
 * The summary's sums read in SQL (README "Reports"): stores' sales and payments over a range added up
 * by store day (`dayKey`) in the engine; only the lines with deals come back one by one.
 */
export class DaySums {
  constructor(private readonly k: Builder) {}

  /** The range's sales added up by store day (and tax layers), from the closing payments. */
  async sales(q: Queryable, dispensaryIds: readonly string[], days: StoreDays): Promise<SaleSums[]> {
    const at = sql.ref('pay.completed_at');
    const rows = await q.all(
      closedSales(this.k, dispensaryIds, days.starts[0]!, days.starts.at(-1)!)
        .select([
          'pay.dispensary_id as dispensaryId',
          sql<string>`MIN(pay.completed_at)`.as('at'),
          sql<number>`COUNT(*)`.as('sales'),
          sql<number>`SUM(o.sub_total_cents)`.as('grossCents'),
          sql<number>`SUM(o.discount_cents + o.tier_discount_cents)`.as('orderDiscountCents'),
          sql<number>`SUM(o.tax_cents)`.as('taxCents'),
          sql<number>`SUM(o.delivery_cents)`.as('deliveryCents'),
          sql<number>`SUM(o.pay_by_points_cents)`.as('payByPointsCents'),
          'o.tax_layers as taxLayers',
        ])
        .groupBy([
          'pay.dispensary_id',
          dayKey(days, at),
          sql`substr(pay.completed_at, ${sql.lit(1)}, ${sql.lit(10)})`,
          'o.tax_layers',
        ]),
    );
    return rows.map((row) => ({
      dispensaryId: row.dispensaryId!,
      at: row.at,
      sales: n(row.sales),
      grossCents: n(row.grossCents),
      orderDiscountCents: n(row.orderDiscountCents),
      taxCents: n(row.taxCents),
      deliveryCents: n(row.deliveryCents),
      payByPointsCents: n(row.payByPointsCents),
      taxLayers: row.taxLayers,
    }));
  }

  /** The deal discounts of the range's sold lines that have any, in the order the sales closed. */
  async deals(q: Queryable, dispensaryIds: readonly string[], days: StoreDays): Promise<DealSums[]> {
    const rows = await q.all(
      closedSales(this.k, dispensaryIds, days.starts[0]!, days.starts.at(-1)!)
        .innerJoin('order_items as i', 'i.order_id', 'o.id')
        .select(['pay.dispensary_id as dispensaryId', 'pay.completed_at as at', 'i.deal_discounts as deals'])
        .where('i.deal_discounts', 'is not', null)
        .where('i.deal_discounts', 'not in', ['', '[]'])
        .orderBy('pay.completed_at')
        .orderBy('o.id')
        .orderBy('i.line_index'),
    );
    return rows.map((row) => ({ dispensaryId: row.dispensaryId!, at: row.at!, deals: row.deals! }));
  }

  /**
   * The stores' approved payments that did not close their order's sale and may stand apart on a day
   * of `days` (paid-apart.ts): paid in the range, or before it toward an order completed in it, each
   * with when its order was completed and what of it was refunded before. Those surely of the same
   * store day as their order's completion, paid before it and not refunded meanwhile (a split tender),
   * are left out in the engine: in the range, of one UTC date and one `dayKey`.
   */
  async apart(q: Queryable, dispensaryIds: readonly string[], days: StoreDays): Promise<ApartPayment[]> {
    const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
    const within = (at: RawBuilder<unknown>) => sql`(${at} >= ${start} AND ${at} < ${end})`;
    const date = (at: RawBuilder<unknown>) => sql`substr(${at}, ${sql.lit(1)}, ${sql.lit(10)})`;
    const sameDay = (paid: RawBuilder<unknown>, closed: RawBuilder<unknown>) =>
      sql<boolean>`(${within(paid)} AND ${within(closed)} AND ${date(paid)} = ${date(closed)}
        AND ${dayKey(days, paid)} = ${dayKey(days, closed)})`;
    const closedAt = saleClosedAt('p');
    const paid = this.k
      .selectFrom('payments as p')
      .select(['p.id as paymentId', 'p.dispensary_id as dispensaryId', 'p.amount_cents as amount'])
      .select(['p.completed_at as paidAt', closedAt.as('closedAt'), refundedBefore('p', closedAt).as('refundedBefore')])
      .where('p.dispensary_id', 'in', dispensaryIds)
      .where('p.status', 'in', KEPT)
      .where(sql<boolean>`(p.closes_sale = 0 OR ${closedAgainAfter('p')})`)
      .where('p.order_id', 'is not', null)
      .where('p.completed_at', '>=', start)
      .where('p.completed_at', '<', end);
    const [paidAt, closed] = [sql.ref('a.paidAt'), sql.ref('a.closedAt')];
    const paidInRange = await q.all(
      this.k
        .selectFrom(paid.as('a'))
        .selectAll()
        .where(
          sql<boolean>`(${closed} IS NULL OR ${paidAt} > ${closed} OR ${sql.ref('a.refundedBefore')} <> 0
            OR NOT ${sameDay(paidAt, closed)})`,
        ),
    );
    const paidBefore = await q.all(
      closingPayments(this.k, dispensaryIds, start, end)
        .innerJoin('payments as p', 'p.order_id', 'pay.order_id')
        .select(['p.id as paymentId', 'pay.dispensary_id as dispensaryId', 'p.amount_cents as amount'])
        .select(['p.completed_at as paidAt', 'pay.completed_at as closedAt'])
        .select(refundedBefore('p', sql.ref('pay.completed_at')).as('refundedBefore'))
        .where('p.status', 'in', KEPT)
        .whereRef('p.id', '<>', 'pay.id')
        .whereRef('p.completed_at', '<', 'pay.completed_at')
        .where(sql<boolean>`NOT ${sameDay(sql.ref('p.completed_at'), sql.ref('pay.completed_at'))}`),
    );
    return [...paidInRange, ...paidBefore].map((row) => ({
      dispensaryId: row.dispensaryId!,
      paymentId: row.paymentId,
      amount: n(row.amount),
      paidAt: row.paidAt!,
      closedAt: row.closedAt,
      refundedBefore: n(row.refundedBefore),
    }));
  }

  /** The store's approved payments completed in the range, added up by store day and method. */
  async tenders(q: Queryable, dispensaryIds: readonly string[], days: StoreDays): Promise<TenderSums[]> {
    const at = sql.ref('completed_at');
    const rows = await q.all(
      this.k
        .selectFrom('payments')
        .select([
          'dispensary_id as dispensaryId',
          sql<string>`MIN(completed_at)`.as('at'),
          'method',
          sql<number>`COUNT(*)`.as('count'),
          sql<number>`SUM(amount_cents)`.as('amount'),
          sql<number>`SUM(tip_cents)`.as('tip'),
          sql<number>`SUM(cashback_cents)`.as('cashback'),
        ])
        .where('dispensary_id', 'in', dispensaryIds)
        .where('status', 'in', KEPT)
        .where('completed_at', '>=', days.starts[0]!)
        .where('completed_at', '<', days.starts.at(-1)!)
        .groupBy([
          'dispensary_id',
          dayKey(days, at),
          sql`substr(completed_at, ${sql.lit(1)}, ${sql.lit(10)})`,
          'method',
        ]),
    );
    return rows.map((row) => ({
      dispensaryId: row.dispensaryId!,
      at: row.at,
      method: row.method,
      count: n(row.count),
      amount: n(row.amount),
      tip: n(row.tip),
      cashback: n(row.cashback),
    }));
  }
}
