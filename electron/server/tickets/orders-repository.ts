import type { OrderState, OrderStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable, WriteStep } from '../db/query.js';
import { sql } from 'kysely';
import type { Announcement, OrderEvents } from './order-events.js';
import { DealUses } from './deal-uses.js';
import { OrderInserts } from './order-inserts.js';
import type { FullOrder, OrderRecord, PricedOrder, UnavailableItemRecord } from './order-records.js';
import { newestFirst, type NewestFirstPage } from '../db/newest-first.js';
import {
  ITEM_COLUMNS,
  toItem,
  ORDER_COLUMNS,
  selectOrders,
  toOrder,
  UNAVAILABLE_COLUMNS,
  type OrderRow,
} from './order-rows.js';

/** The columns of the key that makes an order number unique in its dispensary. */
export const ORDER_NUMBER_KEY = ['dispensary_id', 'order_number'] as const;

/** Where to look for an order: an organization's dispensaries, or one of them. */
export interface OrderScope {
  organizationId: string;
  dispensaryId?: string | null;
}

/** Filters of an order listing; newest first, paged by the (createdAt, id) of the last row seen. */
export interface OrderQuery extends NewestFirstPage {
  dispensaryId: string;
  status?: OrderStatus;
}

/**
 * The orders aggregate: orders, their lines, unfilled items and status history. Every order it
 * creates and every status it writes is announced to its listeners in the same transaction
 * (./order-events.ts: webhooks, state reporting).
 */
export class OrdersRepository {
  private readonly q;
  private readonly inserts: OrderInserts;
  private readonly uses: DealUses;
  constructor(
    private readonly db: DataLayer,
    private readonly events: OrderEvents,
  ) {
    this.inserts = new OrderInserts(db);
    this.uses = new DealUses(db);
    this.q = {
      byId: db.prepare((k, p: { dispensaryId: string; id: string }) =>
        selectOrders(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id),
      ),
      // Locks the order's row for the rest of the write (PostgreSQL): a status move or a payment
      // check sees the order as no other instance can change it meanwhile.
      lockById: db.prepare((k, p: { dispensaryId: string; id: string }) =>
        db.dialect.forNoKeyUpdate(selectOrders(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id)),
      ),
      byNumber: db.prepare((k, p: { dispensaryId: string; orderNumber: string }) =>
        selectOrders(k).where('dispensary_id', '=', p.dispensaryId).where('order_number', '=', p.orderNumber),
      ),
      items: db.prepare((k, p: { orderId: string }) =>
        k.selectFrom('order_items').select(ITEM_COLUMNS).where('order_id', '=', p.orderId).orderBy('line_index'),
      ),
      unavailable: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_unavailable_items')
          .select(UNAVAILABLE_COLUMNS)
          .where('order_id', '=', p.orderId)
          .orderBy('position'),
      ),
      setState: db.prepare(
        (
          k,
          p: {
            id: string;
            from: string;
            to: string;
            paidFrom: string;
            paidTo: string;
            picker: string | null;
            at: string;
          },
        ) =>
          k
            .updateTable('orders')
            .set({
              status: p.to,
              payment_status: p.paidTo,
              // One statement: a register forwards the move as one change of the row.
              picker: sql<string | null>`COALESCE(${p.picker}, picker)`,
              updated_at: p.at,
            })
            .where('id', '=', p.id)
            .where('status', '=', p.from)
            .where('payment_status', '=', p.paidFrom)
            .returning('dispensary_id as dispensaryId'),
      ),
    };
  }

  /**
   * Stores a new order with its lines, unfilled items, first status history entry and webhook
   * event, and takes its units off the stock (`taking`: the packages' conditional update, one row
   * per line), in one round trip (`runAll`). A number the dispensary already has fails it with the
   * engine's unique violation of `orders_dispensary_number` (the caller draws another number and
   * writes again).
   */
  async insert(tx: Queryable, full: PricedOrder, taking: WriteStep): Promise<void> {
    const creation = await this.creation(tx, full, taking);
    // Last, so the statement answers how many packages it took from: one per line, or the write fails.
    if ((await tx.runAll(creation.steps)) !== full.items.length) {
      throw new Error('reserving the stock read for this order failed inside its own transaction');
    }
    creation.written();
  }

  /**
   * The writes of a new order (OrderInserts.steps) with those announcing it to its listeners, `taking`
   * still last; `written` tells the listeners once they are written.
   */
  async creation(q: Queryable, full: PricedOrder, taking: WriteStep): Promise<Announcement> {
    const announcing = await this.events.created(q, full);
    return { steps: this.inserts.steps(full, [...announcing.steps, taking]), written: announcing.written };
  }

  async findById(q: Queryable, dispensaryId: string, id: string): Promise<FullOrder | undefined> {
    const row = await q.first(this.q.byId, { dispensaryId, id });
    return row && this.withLines(q, toOrder(row));
  }

  /** The order's own row, without its lines (what a live `order.updated` says of it): one query. */
  async findRecord(q: Queryable, dispensaryId: string, id: string): Promise<OrderRecord | undefined> {
    const row = await q.first(this.q.byId, { dispensaryId, id });
    return row && toOrder(row);
  }

  /** The order, its row locked until the write transaction ends (see Dialect.forNoKeyUpdate). */
  async lockById(tx: Queryable, dispensaryId: string, id: string): Promise<FullOrder | undefined> {
    const row = await tx.first(this.q.lockById, { dispensaryId, id });
    return row && this.withLines(tx, toOrder(row));
  }

  async findByNumber(q: Queryable, dispensaryId: string, orderNumber: string): Promise<FullOrder | undefined> {
    const row = await q.first(this.q.byNumber, { dispensaryId, orderNumber });
    return row && this.withLines(q, toOrder(row));
  }

  /**
   * Orders with this number at any dispensary of the organization (or only at `dispensaryId`):
   * numbers are unique per dispensary, so a chain may hold one per store.
   */
  async findByNumberIn(q: Queryable, scope: OrderScope, orderNumber: string): Promise<FullOrder[]> {
    return this.listLines(q, await this.inScope(q, scope, 'order_number', orderNumber));
  }

  /** The order with this id if it belongs to the organization (and to `dispensaryId` when given). */
  async findByIdIn(q: Queryable, scope: OrderScope, id: string): Promise<FullOrder[]> {
    return this.listLines(q, await this.inScope(q, scope, 'id', id));
  }

  private async inScope(q: Queryable, scope: OrderScope, column: 'id' | 'order_number', value: string) {
    let select = this.db.builder
      .selectFrom('orders')
      .innerJoin('dispensaries', 'dispensaries.id', 'orders.dispensary_id')
      .select(ORDER_COLUMNS.map((column) => `orders.${column}` as const))
      .where('dispensaries.organization_id', '=', scope.organizationId)
      .where(`orders.${column}`, '=', value);
    if (scope.dispensaryId) select = select.where('orders.dispensary_id', '=', scope.dispensaryId);
    return (await q.all(select.orderBy('orders.dispensary_id'))).map((row) => toOrder(row as OrderRow));
  }

  /** Orders newest first, filtered and paged as the query says. */
  async list(q: Queryable, query: OrderQuery): Promise<FullOrder[]> {
    let select = selectOrders(this.db.builder).where('dispensary_id', '=', query.dispensaryId);
    if (query.status) select = select.where('status', '=', query.status);
    const rows = await q.all(newestFirst(select, query));
    return this.listLines(q, rows.map(toOrder));
  }

  /**
   * Moves an order from `from` to `to` (its status, how it is paid, or both); false when it was no
   * longer in `from`. A new status goes in its history, with who moved it; every move is announced.
   * `picker` names who starts picking it (kept otherwise). Canceled, its deals' uses are given back.
   */
  async move(
    tx: Queryable,
    id: string,
    from: OrderState,
    to: OrderState & { picker?: string },
    actor: string,
    at: string,
  ): Promise<boolean> {
    const moved = await tx.first(this.q.setState, {
      picker: to.picker ?? null,
      id,
      from: from.status,
      to: to.status,
      paidFrom: from.paymentStatus,
      paidTo: to.paymentStatus,
      at,
    });
    if (!moved) return false;
    if (from.status !== to.status) {
      await tx.run(this.inserts.history, { orderId: id, from: from.status, to: to.status, actor, at });
      if (from.status === 'CANCELED' || to.status === 'CANCELED') await this.uses.recount(tx, [id]);
    }
    const { dispensaryId } = moved;
    const change = {
      dispensaryId,
      orderId: id,
      from: from.status,
      to: to.status,
      paymentFrom: from.paymentStatus,
      paymentTo: to.paymentStatus,
      at,
      origin: 'here',
    } as const;
    await this.events.changed(tx, change, () => this.findById(tx, dispensaryId, id));
    return true;
  }

  /** The lines of many orders in two queries, not two per order. */
  private async listLines(q: Queryable, orders: OrderRecord[]): Promise<FullOrder[]> {
    if (orders.length === 0) return [];
    const ids = orders.map((order) => order.id);
    const k = this.db.builder;
    const [items, unavailable] = await Promise.all([
      q.all(
        k
          .selectFrom('order_items')
          .select(ITEM_COLUMNS)
          .where('order_id', 'in', ids)
          .orderBy('order_id')
          .orderBy('line_index'),
      ),
      q.all(
        k
          .selectFrom('order_unavailable_items')
          .select([...UNAVAILABLE_COLUMNS, 'order_id as orderId'])
          .where('order_id', 'in', ids)
          .orderBy('order_id')
          .orderBy('position'),
      ),
    ]);
    const full = new Map(orders.map((order): [string, FullOrder] => [order.id, { order, items: [], unavailable: [] }]));
    for (const row of items) full.get(row.orderId)!.items.push(toItem(row));
    for (const { orderId, ...row } of unavailable) full.get(orderId)!.unavailable.push(row as UnavailableItemRecord);
    return [...full.values()];
  }

  private async withLines(q: Queryable, order: OrderRecord): Promise<FullOrder> {
    const [items, unavailable] = await Promise.all([
      q.all(this.q.items, { orderId: order.id }),
      q.all(this.q.unavailable, { orderId: order.id }),
    ]);
    return {
      order,
      items: items.map(toItem),
      unavailable: unavailable as UnavailableItemRecord[],
    };
  }
}
