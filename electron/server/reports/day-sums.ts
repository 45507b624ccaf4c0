import { sql } from 'kysely';
import type { Builder, Queryable } from '../db/query.js';
import { closedSales, KEPT, n } from './report-sums.js';
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
