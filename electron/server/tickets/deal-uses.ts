import { sql } from 'kysely';
import type { LineDiscount } from '../../../shared/deals/cart.js';
import type { DataLayer } from '../db/data-layer.js';
import {
  prepareInsertRows,
  writeStep,
  type InsertRows,
  type Prepared,
  type Queryable,
  type WriteStep,
} from '../db/query.js';

/** One row of `deal_uses` (migration 050). */
interface DealUseRow {
  order_id: string;
  deal_id: string;
  dispensary_id: string;
  customer_id: string | null;
}

/** An order as its uses read it. */
interface UsingOrder {
  id: string;
  dispensaryId: string;
  customerId: string | null;
  status: string;
}

/** How many orders used a deal: the store's, and the sale's customer's. */
export interface DealUseCount {
  all: number;
  mine: number;
}

/**
 * The uses of an order: one per deal that took something off one of its lines, none when it is
 * canceled (a canceled order gives its uses back; README "Deals").
 */
export function usesOf(order: UsingOrder, lines: readonly { dealDiscounts: readonly LineDiscount[] }[]): DealUseRow[] {
  if (order.status === 'CANCELED') return [];
  const deals = new Set<string>();
  for (const line of lines) for (const { dealId } of line.dealDiscounts) deals.add(dealId);
  return [...deals].map((deal) => ({
    order_id: order.id,
    deal_id: deal,
    dispensary_id: order.dispensaryId,
    customer_id: order.customerId,
  }));
}

/**
 * A deal's uses (migration 050): one row per order and deal, written with the order — in a new
 * sale's writes (`inserting`), and counted again from the order as it is after anything that may
 * change them (`recount`: a change of its lines, a cancel, a register's forwarded changes). A sale
 * reads the counts of the deals with limits (`counted`) instead of scanning the store's orders.
 */
export class DealUses {
  /** Inserts of n rows, compiled once per n. */
  private readonly inserts = new Map<number, Prepared<InsertRows<'deal_uses'>, never>>();

  constructor(private readonly db: DataLayer) {}

  /** The write of a new order's uses, or null when it got no deal. */
  inserting(rows: readonly DealUseRow[]): WriteStep | null {
    return rows.length === 0 ? null : writeStep(this.insert(rows.length), { rows });
  }

  /** Writes the uses of these orders again, from the orders and lines as they are now in `tx`. */
  async recount(tx: Queryable, orderIds: readonly string[]): Promise<void> {
    if (orderIds.length === 0) return;
    const k = this.db.builder;
    await tx.run(k.deleteFrom('deal_uses').where('order_id', 'in', orderIds));
    const lines = await tx.all(
      k
        .selectFrom('orders as o')
        .innerJoin('order_items as i', 'i.order_id', 'o.id')
        .select(['o.id', 'o.dispensary_id as dispensaryId', 'o.customer_id as customerId', 'o.status'])
        .select('i.deal_discounts as deals')
        .where('o.id', 'in', orderIds)
        .where('i.deal_discounts', '!=', '[]'),
    );
    const byOrder = new Map<string, { order: UsingOrder; lines: { dealDiscounts: LineDiscount[] }[] }>();
    for (const { deals, ...order } of lines) {
      const entry = byOrder.get(order.id) ?? { order, lines: [] };
      entry.lines.push({ dealDiscounts: JSON.parse(deals) as LineDiscount[] });
      byOrder.set(order.id, entry);
    }
    const rows = [...byOrder.values()].flatMap(({ order, lines: its }) => usesOf(order, its));
    const step = this.inserting(rows);
    if (step) await tx.runAll([step]);
  }

  /**
   * The orders of store `dispensaryId` that used each of `dealIds` (those with none are left out),
   * and of them `customerId`'s (0 for a sale without a customer).
   */
  async counted(
    q: Queryable,
    dispensaryId: string,
    dealIds: readonly string[],
    customerId: string | null,
  ): Promise<Map<string, DealUseCount>> {
    const counts = new Map<string, DealUseCount>();
    if (dealIds.length === 0) return counts;
    const rows = await q.all(
      this.db.builder
        .selectFrom('deal_uses')
        .select('deal_id as dealId')
        .select((e) => e.fn.countAll<number>().as('all'))
        .select(sql<number>`SUM(CASE WHEN customer_id = ${customerId} THEN 1 ELSE 0 END)`.as('mine'))
        .where('dispensary_id', '=', dispensaryId)
        .where('deal_id', 'in', dealIds)
        .groupBy('deal_id'),
    );
    for (const row of rows) counts.set(row.dealId, { all: Number(row.all), mine: Number(row.mine ?? 0) });
    return counts;
  }

  private insert(count: number): Prepared<InsertRows<'deal_uses'>, never> {
    let prepared = this.inserts.get(count);
    if (!prepared) {
      prepared = prepareInsertRows(
        this.db.builder,
        'deal_uses',
        ['order_id', 'deal_id', 'dispensary_id', 'customer_id'],
        count,
      );
      this.inserts.set(count, prepared);
    }
    return prepared;
  }
}
