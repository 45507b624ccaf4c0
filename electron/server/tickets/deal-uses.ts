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

/** Rows per insert: 4 parameters each, well under both engines' limits. */
const CHUNK = 500;

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
 * The uses of an order: one per deal with a limit (`limited`) that took something off one of its
 * lines, none when it is canceled (a canceled order gives its uses back; README "Deals").
 */
export function usesOf(
  order: UsingOrder,
  lines: readonly { dealDiscounts: readonly LineDiscount[] }[],
  limited: { has(dealId: string): boolean },
): DealUseRow[] {
  if (order.status === 'CANCELED') return [];
  const deals = new Set<string>();
  for (const line of lines) for (const { dealId } of line.dealDiscounts) if (limited.has(dealId)) deals.add(dealId);
  return [...deals].map((deal) => ({
    order_id: order.id,
    deal_id: deal,
    dispensary_id: order.dispensaryId,
    customer_id: order.customerId,
  }));
}

/**
 * The uses of the deals with a limit (migration 050): one row per order and deal, written with the
 * order — in a new sale's writes (`inserting`), and counted again from the order as it is after
 * anything that may change them (`recount`: a change of its lines, a cancel, a register's forwarded
 * changes) — and for a deal that gets a limit, counted from the orders that used it before
 * (`follow`). A deal without a limit has none: a sale of it writes nothing more (each row costs a
 * ticket tens of µs; bench:deals). A sale reads the counts of the deals with limits (`counted`).
 */
export class DealUses {
  /** Inserts of n rows, compiled once per n. */
  private readonly inserts = new Map<number, Prepared<InsertRows<'deal_uses'>, never>>();

  constructor(private readonly db: DataLayer) {}

  /** The write of a new order's uses, or null when it has none. */
  inserting(rows: readonly DealUseRow[]): WriteStep | null {
    return rows.length === 0 ? null : writeStep(this.insert(rows.length), { rows });
  }

  /** Writes the uses of these orders again, from the orders and lines as they are now in `tx`. */
  async recount(tx: Queryable, orderIds: readonly string[]): Promise<void> {
    if (orderIds.length === 0) return;
    const k = this.db.builder;
    await tx.run(k.deleteFrom('deal_uses').where('order_id', 'in', orderIds));
    const lines = await tx.all(
      this.linesWithDeals().where('o.id', 'in', orderIds).where('i.deal_discounts', '!=', '[]'),
    );
    if (lines.length === 0) return;
    const byOrder = new Map<string, { order: UsingOrder; lines: { dealDiscounts: LineDiscount[] }[] }>();
    for (const { deals, ...order } of lines) {
      const entry = byOrder.get(order.id) ?? { order, lines: [] };
      entry.lines.push({ dealDiscounts: JSON.parse(deals) as LineDiscount[] });
      byOrder.set(order.id, entry);
    }
    const named = [...byOrder.values()].flatMap((entry) => entry.lines.flatMap((line) => line.dealDiscounts));
    const limited = await this.limitedAmong(tx, [...new Set(named.map((discount) => discount.dealId))]);
    await this.insertAll(
      tx,
      [...byOrder.values()].flatMap(({ order, lines: its }) => usesOf(order, its, limited)),
    );
  }

  /** Those of these deals that have a limit. */
  async limitedAmong(q: Queryable, dealIds: readonly string[]): Promise<Set<string>> {
    if (dealIds.length === 0) return new Set();
    return new Set((await q.all(this.withLimits().where('id', 'in', dealIds))).map((row) => row.id));
  }

  /** The deals of store `dispensaryId` that have a limit. */
  async limitedOf(q: Queryable, dispensaryId: string): Promise<Set<string>> {
    return new Set((await q.all(this.withLimits().where('dispensary_id', '=', dispensaryId))).map((row) => row.id));
  }

  /** The lines of orders not canceled, each with its order's store, customer and status and its deals (JSON). */
  private linesWithDeals() {
    return this.db.builder
      .selectFrom('orders as o')
      .innerJoin('order_items as i', 'i.order_id', 'o.id')
      .select(['o.id', 'o.dispensary_id as dispensaryId', 'o.customer_id as customerId', 'o.status'])
      .select('i.deal_discounts as deals')
      .where('o.status', '!=', 'CANCELED');
  }

  private withLimits() {
    return this.db.builder
      .selectFrom('deals')
      .select('id')
      .where((e) => e.or([e('total_limit', 'is not', null), e('per_customer_limit', 'is not', null)]));
  }

  /**
   * After store `dispensaryId`'s deals changed in `tx` (those with a limit before: `before`): a deal
   * that got a limit has its uses counted from the orders that used it (`fill`); one that lost it, none.
   */
  async follow(tx: Queryable, dispensaryId: string, before: ReadonlySet<string>): Promise<void> {
    const after = await this.limitedOf(tx, dispensaryId);
    for (const dealId of before) if (!after.has(dealId)) await this.clear(tx, dealId);
    for (const dealId of after) if (!before.has(dealId)) await this.fill(tx, dispensaryId, dealId);
  }

  /** A deal that lost its limits: its uses are no longer counted. */
  async clear(tx: Queryable, dealId: string): Promise<void> {
    await tx.run(this.db.builder.deleteFrom('deal_uses').where('deal_id', '=', dealId));
  }

  /**
   * A deal given a limit: its uses counted from the store's orders that used it (not canceled), with
   * the scan of every order a sale made before migration 050 — once, here.
   */
  async fill(tx: Queryable, dispensaryId: string, dealId: string): Promise<void> {
    await this.clear(tx, dealId);
    const lines = await tx.all(
      this.linesWithDeals()
        .where('o.dispensary_id', '=', dispensaryId)
        .where('i.deal_discounts', 'like', `%"dealId":"${dealId}"%`),
    );
    const orders = new Map<string, DealUseRow>();
    const only = new Set([dealId]);
    for (const { deals, ...order } of lines) {
      const [row] = usesOf(order, [{ dealDiscounts: JSON.parse(deals) as LineDiscount[] }], only);
      if (row) orders.set(order.id, row);
    }
    await this.insertAll(tx, [...orders.values()]);
  }

  /** Inserts rows, a bounded number per statement. */
  private async insertAll(tx: Queryable, rows: readonly DealUseRow[]): Promise<void> {
    for (let at = 0; at < rows.length; at += CHUNK) {
      const step = this.inserting(rows.slice(at, at + CHUNK));
      if (step) await tx.runAll([step]);
    }
  }

  /**
   * How many orders of store `dispensaryId` used each deal of `inAll` (with a total limit), and of
   * `byCustomer` (with a per-customer limit) how many of `customerId`'s; a deal none used is left
   * out. Each read from the index, as far as its own rows go: a deal's count in all only where it
   * has a total limit (so its rows stop near it), a customer's by their own rows. `exceptOrder`'s
   * own uses are left out (the order priced again after a change of its lines, a register's hold
   * asked again). The uses attached registers hold for sales they are writing (`deal_use_holds`,
   * migration 063; none on a register itself) count too, each order's id once with its own row: a
   * hold not yet expired at `now` (without `now`, every hold kept).
   */
  async counted(
    q: Queryable,
    dispensaryId: string,
    { inAll, byCustomer }: { inAll: readonly string[]; byCustomer: readonly string[] },
    customerId: string | null,
    exceptOrder?: string,
    now?: Date,
  ): Promise<Map<string, DealUseCount>> {
    const counts = new Map<string, DealUseCount>();
    const k = this.db.builder;
    const count = (dealIds: readonly string[], customer: string | null) => {
      let used = k
        .selectFrom('deal_uses')
        .select(['deal_id', 'order_id'])
        .where('dispensary_id', '=', dispensaryId)
        .where('deal_id', 'in', dealIds);
      let held = k
        .selectFrom('deal_use_holds')
        .select(['deal_id', 'hold_id as order_id'])
        .where('dispensary_id', '=', dispensaryId)
        .where('deal_id', 'in', dealIds);
      if (customer !== null) {
        used = used.where('customer_id', '=', customer);
        held = held.where('customer_id', '=', customer);
      }
      if (exceptOrder !== undefined) {
        used = used.where('order_id', '!=', exceptOrder);
        held = held.where('hold_id', '!=', exceptOrder);
      }
      if (now !== undefined) held = held.where('expires_at', '>', now.toISOString());
      // UNION: an order with both a row and a hold (its sale arriving) is one use.
      const query = k
        .selectFrom(used.union(held).as('u'))
        .select('u.deal_id as dealId')
        .select((e) => e.fn.countAll<number>().as('uses'))
        .groupBy('u.deal_id');
      return q.all(query);
    };
    const entry = (dealId: string) => {
      const found = counts.get(dealId) ?? { all: 0, mine: 0 };
      counts.set(dealId, found);
      return found;
    };
    if (inAll.length > 0) for (const row of await count(inAll, null)) entry(row.dealId).all = Number(row.uses);
    if (byCustomer.length > 0 && customerId !== null) {
      for (const row of await count(byCustomer, customerId)) entry(row.dealId).mine = Number(row.uses);
    }
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
