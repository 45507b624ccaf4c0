import { sql, type RawBuilder } from 'kysely';
import type { SalesGrouping } from '../../../shared/contracts/reports.js';
import type { Builder, Queryable } from '../db/query.js';
import { KEPT, saleClosings } from './sale-closings.js';
import { dayKey, type StoreDays } from './store-days.js';

/** A payment that keeps its money (sale-closings.ts). */
export { KEPT };

/** The groupings added up in SQL: what a line's group is, as a column of its sale. */
export const SUMMED_GROUPINGS = ['category', 'brand', 'budtender', 'register', 'customer-type'] as const;
export type SummedGrouping = (typeof SUMMED_GROUPINGS)[number];

export const isSummed = (by: SalesGrouping): by is SummedGrouping =>
  (SUMMED_GROUPINGS as readonly string[]).includes(by);

const GROUP_COLUMNS: Record<SummedGrouping, RawBuilder<string | null>> = {
  category: sql`COALESCE(i.type, '')`,
  brand: sql`COALESCE(i.brand, '')`,
  budtender: sql`o.created_by`,
  register: sql`pay.terminal_id`,
  'customer-type': sql`CASE WHEN c.customer_type = 'medical' THEN 'medical' ELSE 'adult_use' END`,
};

/** The lines of one group of a range's sales added up, each line's own discounts only (no order tier share). */
export interface LineSums {
  dispensaryId: string;
  group: string | null;
  orders: number;
  quantityMilli: number;
  /** Of it, thousandths of a gram sold by weight. */
  weighedMilli: number;
  grossCents: number;
  discountCents: number;
  taxCents: number;
  costCents: number;
  /** (gross − discounts) − cost of the lines whose cost is known. */
  marginCents: number;
  netWithoutCostCents: number;
}

/** A sum as a number (PostgreSQL answers bigint sums as strings); nothing summed is 0. */
export const n = (value: unknown) => Number(value ?? 0);
const completed = sql.ref('pay.completed_at');
const coalesced = (column: string) => sql<number>`COALESCE(${sql.ref(column)}, 0)`;

/** The stores' sales closed in [from, to), as `pay` (sale-closings.ts; the reports' index, migration 51). */
export function closingPayments(k: Builder, dispensaryIds: readonly string[], from: string, to: string) {
  return k.selectFrom(saleClosings(k, { dispensaryIds, from, to }).as('pay'));
}

/** The same payments with their orders. */
export function closedSales(k: Builder, dispensaryIds: readonly string[], from: string, to: string) {
  return closingPayments(k, dispensaryIds, from, to).innerJoin('orders as o', 'o.id', 'pay.order_id');
}

/**
 * The sales report's sums read in SQL (README "Reports"): stores' sold lines over a range added up
 * by group in the engine, and what SQL cannot add up found for report-rows.ts to read line by line
 * (an order's tier discount shared among its lines). The summary's are in day-sums.ts.
 */
export class ReportSums {
  constructor(private readonly k: Builder) {}

  /** How many distinct orders each store's sales were on each store day of `days` (`at`: the day's first). */
  async ordersByDay(q: Queryable, dispensaryIds: readonly string[], days: StoreDays) {
    const rows = await q.all(
      closingPayments(this.k, dispensaryIds, days.starts[0]!, days.starts.at(-1)!)
        .select([
          'pay.dispensary_id as dispensaryId',
          sql<string>`MIN(pay.completed_at)`.as('at'),
          sql<number>`COUNT(DISTINCT pay.order_id)`.as('orders'),
        ])
        .groupBy([
          'pay.dispensary_id',
          dayKey(days, completed),
          sql`substr(pay.completed_at, ${sql.lit(1)}, ${sql.lit(10)})`,
        ]),
    );
    return rows.map((row) => ({ dispensaryId: row.dispensaryId!, at: row.at, orders: n(row.orders) }));
  }

  /**
   * The sold lines of `days` added up by `by`'s group and store day (`at`: the group's first closing
   * instant, its day by `dayAt`).
   */
  async linesByDay(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    by: SummedGrouping,
  ): Promise<(LineSums & { at: string })[]> {
    const [from, to] = [days.starts[0]!, days.starts.at(-1)!];
    const gross = coalesced('i.line_sub_total_cents');
    const sold = sql<number>`(${gross} + ${coalesced('i.line_discount_cents')})`;
    // A line's cost: its quantity at its package's exact cost (cost_cents for cost_milli, migration
    // 068), rounded half up: floor((2 × quantity × cost + basis) / (2 × basis)), any sign.
    const scaled = sql`(2 * CAST(${coalesced('i.quantity_milli')} AS bigint) * pk.cost_cents + pk.cost_milli)`;
    const twice = sql`(2 * pk.cost_milli)`;
    const cost = sql<number>`(CASE WHEN ${scaled} >= 0 THEN ${scaled} / ${twice} ELSE -((${twice} - 1 - ${scaled}) / ${twice}) END)`;
    const known = sql`pk.cost_cents IS NOT NULL`;
    // Only the budtender and the customer are the order's: the other groupings skip reading orders.
    const ofOrder = by === 'budtender' || by === 'customer-type';
    const rows = await q.all(
      closingPayments(this.k, dispensaryIds, from, to)
        .$if(ofOrder, (query) => query.innerJoin('orders as o', 'o.id', 'pay.order_id'))
        .$if(by === 'customer-type', (query) =>
          query.leftJoin('customers as c', (join) => join.on(sql<boolean>`c.id = o.customer_id`)),
        )
        .innerJoin('order_items as i', 'i.order_id', 'pay.order_id')
        .leftJoin('packages as pk', 'pk.id', 'i.package_id')
        .select([
          'pay.dispensary_id as dispensaryId',
          GROUP_COLUMNS[by].as('group'),
          sql<number>`COUNT(DISTINCT pay.order_id)`.as('orders'),
          sql<number>`SUM(${coalesced('i.quantity_milli')})`.as('quantityMilli'),
          sql<number>`SUM(CASE WHEN i.deli = 1 THEN ${coalesced('i.quantity_milli')} ELSE 0 END)`.as('weighedMilli'),
          sql<number>`SUM(${gross})`.as('grossCents'),
          sql<number>`SUM(-${coalesced('i.line_discount_cents')})`.as('discountCents'),
          sql<number>`SUM(${coalesced('i.line_tax_cents')})`.as('taxCents'),
          sql<number>`SUM(CASE WHEN ${known} THEN ${cost} ELSE 0 END)`.as('costCents'),
          sql<number>`SUM(CASE WHEN ${known} THEN ${sold} - ${cost} ELSE 0 END)`.as('marginCents'),
          sql<number>`SUM(CASE WHEN ${known} THEN 0 ELSE ${sold} END)`.as('netWithoutCostCents'),
          sql<string>`MIN(pay.completed_at)`.as('at'),
        ])
        .groupBy([
          'pay.dispensary_id',
          GROUP_COLUMNS[by],
          dayKey(days, completed),
          sql`substr(pay.completed_at, ${sql.lit(1)}, ${sql.lit(10)})`,
        ]),
    );
    return rows.map((row) => ({
      at: row.at,
      dispensaryId: row.dispensaryId!,
      group: row.group,
      orders: n(row.orders),
      quantityMilli: n(row.quantityMilli),
      weighedMilli: n(row.weighedMilli),
      grossCents: n(row.grossCents),
      discountCents: n(row.discountCents),
      taxCents: n(row.taxCents),
      costCents: n(row.costCents),
      marginCents: n(row.marginCents),
      netWithoutCostCents: n(row.netWithoutCostCents),
    }));
  }

  /** The orders of the range's sales with lines whose order discounts are not their lines' (a tier discount to share). */
  async tiered(q: Queryable, dispensaryIds: readonly string[], from: string, to: string) {
    const rows = await q.all(
      closedSales(this.k, dispensaryIds, from, to)
        .innerJoin('order_items as i', 'i.order_id', 'o.id')
        .select(['o.id as orderId', 'pay.dispensary_id as dispensaryId'])
        .groupBy(['pay.id', 'pay.dispensary_id', 'o.id', 'o.discount_cents', 'o.tier_discount_cents'])
        .having(sql<boolean>`o.discount_cents + o.tier_discount_cents <> SUM(${coalesced('i.line_discount_cents')})`),
    );
    const orders = new Map(rows.map((row) => [row.orderId, row.dispensaryId!]));
    return [...orders].map(([orderId, dispensaryId]) => ({ orderId, dispensaryId }));
  }
}
