import type { OrderState, OrderStatus } from '../../../shared/order-status.js';
import type { DataLayer } from '../db/data-layer.js';
import {
  prepareInsertRows,
  writeStep,
  type Prepared,
  type InsertRows,
  type Queryable,
  type WriteStep,
} from '../db/query.js';
import { sql, type Insertable } from 'kysely';
import type { OrdersTable } from '../db/schema.js';
import type { Announcement, OrderEvents } from './order-events.js';
import type { FullOrder, OrderRecord, PricedOrder, UnavailableItemRecord } from './order-records.js';
import { newestFirst, type NewestFirstPage } from '../db/newest-first.js';
import {
  ITEM_COLUMNS,
  ITEM_INSERT_COLUMNS,
  itemValues,
  ORDER_COLUMNS,
  selectOrders,
  toOrder,
  UNAVAILABLE_COLUMNS,
  UNAVAILABLE_INSERT_COLUMNS,
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
  /** Inserts of n lines (n unfilled items), compiled once per n. */
  private readonly itemInserts = new Map<number, Prepared<InsertRows<'order_items'>, never>>();
  private readonly unavailableInserts = new Map<number, Prepared<InsertRows<'order_unavailable_items'>, never>>();

  constructor(
    private readonly db: DataLayer,
    private readonly events: OrderEvents,
  ) {
    this.q = {
      byId: db.prepare((k, p: { dispensaryId: string; id: string }) =>
        selectOrders(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id),
      ),
      // Locks the order's row for the rest of the write (PostgreSQL): a status move or a payment
      // check sees the order as no other instance can change it meanwhile.
      lockById: db.prepare((k, p: { dispensaryId: string; id: string }) =>
        db.dialect.forUpdate(selectOrders(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id)),
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
      insertOrder: db.prepare((k, p: Insertable<OrdersTable>) =>
        k.insertInto('orders').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          location_id: p.location_id,
          order_number: p.order_number,
          type: p.type,
          status: p.status,
          payment_status: p.payment_status,
          source: p.source,
          promised_at: p.promised_at,
          address_id: p.address_id,
          sub_total_cents: p.sub_total_cents,
          discount_cents: p.discount_cents,
          tier_discount_cents: p.tier_discount_cents,
          tax_cents: p.tax_cents,
          delivery_cents: p.delivery_cents,
          pay_by_points_cents: p.pay_by_points_cents,
          total_cents: p.total_cents,
          eta: p.eta,
          created_by: p.created_by,
          api_client_id: p.api_client_id,
          tax_layers: p.tax_layers,
          customer_id: p.customer_id,
          created_at: p.created_at,
          updated_at: p.updated_at,
        }),
      ),
      insertHistory: db.prepare(
        (k, p: { orderId: string; from: string | null; to: string; actor: string; at: string }) =>
          k.insertInto('order_status_history').values({
            order_id: p.orderId,
            from_status: p.from,
            to_status: p.to,
            actor: p.actor,
            at: p.at,
          }),
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
   * The writes of a new order (`insertSteps`) with those announcing it to its listeners, `taking`
   * still last; `written` tells the listeners once they are written.
   */
  async creation(q: Queryable, full: PricedOrder, taking: WriteStep): Promise<Announcement> {
    const announcing = await this.events.created(q, full);
    return { steps: this.insertSteps(full, [...announcing.steps, taking]), written: announcing.written };
  }

  /**
   * The writes of a new order (its row, lines, unfilled items and first status entry), then
   * `following`, whose last is the packages' update: its count (one package per line) says
   * whether the order took its stock.
   */
  private insertSteps(full: PricedOrder, following: readonly WriteStep[]): WriteStep[] {
    const { order, items, unavailable } = full;
    const { totals } = order;
    const writes = [
      writeStep(this.q.insertOrder, {
        id: order.id,
        dispensary_id: order.dispensaryId,
        location_id: order.locationId,
        order_number: order.orderNumber,
        type: order.type,
        status: order.status,
        payment_status: order.paymentStatus,
        source: order.source,
        promised_at: order.promisedAt,
        address_id: order.addressId,
        sub_total_cents: totals.subTotal,
        discount_cents: totals.discount,
        tier_discount_cents: totals.tierDiscount,
        tax_cents: totals.tax,
        delivery_cents: totals.deliveryCost,
        pay_by_points_cents: totals.payByPoints,
        total_cents: totals.total,
        eta: order.eta,
        created_by: order.createdBy,
        api_client_id: order.apiClientId,
        tax_layers: JSON.stringify(full.taxLayers),
        customer_id: order.customerId,
        created_at: order.createdAt,
        updated_at: order.updatedAt,
      }),
    ];
    if (items.length > 0) writes.push(writeStep(this.itemInsert(items.length), { rows: items.map(itemValues) }));
    if (unavailable.length > 0) {
      const rows = unavailable.map((entry, position) => ({
        order_id: order.id,
        position,
        product_id: entry.productId,
        requested_quantity_milli: entry.requestedQuantityMilli,
        available_quantity_milli: entry.availableQuantityMilli,
        reason: entry.reason,
      }));
      writes.push(writeStep(this.unavailableInsert(rows.length), { rows }));
    }
    writes.push(
      writeStep(this.q.insertHistory, {
        orderId: order.id,
        from: null,
        to: order.status,
        actor: order.createdBy,
        at: order.createdAt,
      }),
    );
    return [...writes, ...following];
  }

  async findById(q: Queryable, dispensaryId: string, id: string): Promise<FullOrder | undefined> {
    const row = await q.first(this.q.byId, { dispensaryId, id });
    return row && this.withLines(q, toOrder(row));
  }

  /** The order, its row locked until the write transaction ends (see Dialect.forUpdate). */
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
   * `picker` names who starts picking it (kept otherwise).
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
      await tx.run(this.q.insertHistory, { orderId: id, from: from.status, to: to.status, actor, at });
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
    for (const row of items) full.get(row.orderId)!.items.push({ ...row, deli: row.deli === 1 });
    for (const { orderId, ...row } of unavailable) full.get(orderId)!.unavailable.push(row as UnavailableItemRecord);
    return [...full.values()];
  }

  private itemInsert(count: number): Prepared<InsertRows<'order_items'>, never> {
    let prepared = this.itemInserts.get(count);
    if (!prepared) {
      prepared = prepareInsertRows(this.db.builder, 'order_items', ITEM_INSERT_COLUMNS, count);
      this.itemInserts.set(count, prepared);
    }
    return prepared;
  }

  private unavailableInsert(count: number): Prepared<InsertRows<'order_unavailable_items'>, never> {
    let prepared = this.unavailableInserts.get(count);
    if (!prepared) {
      prepared = prepareInsertRows(this.db.builder, 'order_unavailable_items', UNAVAILABLE_INSERT_COLUMNS, count);
      this.unavailableInserts.set(count, prepared);
    }
    return prepared;
  }

  private async withLines(q: Queryable, order: OrderRecord): Promise<FullOrder> {
    const [items, unavailable] = await Promise.all([
      q.all(this.q.items, { orderId: order.id }),
      q.all(this.q.unavailable, { orderId: order.id }),
    ]);
    return {
      order,
      items: items.map((row) => ({ ...row, deli: row.deli === 1 })),
      unavailable: unavailable as UnavailableItemRecord[],
    };
  }
}
