import { sql } from 'kysely';
import type { LineDiscount } from '../../../shared/deals/engine.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { KEPT } from '../reports/report-sums.js';
import type { PaymentGroup, ShiftApart, ShiftRefund, SoldOrders } from './shift-sales.js';

/** Sums of a (possibly NULL) column: PostgreSQL answers bigint sums and counts as text. */
const total = (expression: ReturnType<typeof sql<number>>) => sql<string | number>`COALESCE(SUM(${expression}), 0)`;
const count = sql<string | number>`COUNT(*)`;

/**
 * What a shift's register took and handed out: its payments and refunds, each stamped with the shift
 * open at the register when it was recorded (cash/drawer-gate.ts), and the orders those payments
 * completed: grouped reads, never a row per sale.
 */
export class ShiftPaymentsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      payments: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments')
          .select([
            'method',
            'entry',
            'status',
            count.as('count'),
            total(sql<number>`amount_cents`).as('amount'),
            total(sql<number>`tip_cents`).as('tip'),
            total(sql<number>`CASE WHEN method = 'ATM' THEN cashback_cents ELSE 0 END`).as('cashback'),
            total(sql<number>`CASE WHEN entry = 'cash' THEN tendered_cents ELSE 0 END`).as('tendered'),
            total(sql<number>`CASE WHEN entry = 'cash' THEN change_cents ELSE 0 END`).as('change'),
          ])
          .where('shift_id', '=', p.shiftId)
          .groupBy(['method', 'entry', 'status']),
      ),
      // One row per refund (a shift hands out few), as the store's reports read them (report-rows.ts).
      refunds: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payment_refunds as r')
          .innerJoin('payments as paid', 'paid.id', 'r.payment_id')
          .leftJoin('payments as c', (join) =>
            join
              .onRef('c.order_id', '=', 'paid.order_id')
              .on(sql<boolean>`c.closes_sale = 1`)
              .on('c.status', 'in', KEPT),
          )
          .select(['paid.method', 'paid.entry', 'paid.order_id as orderId', 'paid.dispensary_id as dispensaryId'])
          .select(['r.amount_cents as amount', 'r.created_at as at'])
          .select(sql<string>`COALESCE(c.completed_at, paid.completed_at)`.as('saleAt'))
          .where('r.shift_id', '=', p.shiftId)
          .where('r.status', '=', 'approved')
          .orderBy('r.created_at'),
      ),
      // A sale is counted in the shift of the payment that completed it.
      sold: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as pay')
          .leftJoin('orders as o', 'o.id', 'pay.order_id')
          .select([
            count.as('sales'),
            sql<string | number>`COUNT(DISTINCT pay.customer_json)`.as('identified'),
            total(sql<number>`CASE WHEN pay.customer_json IS NULL THEN 1 ELSE 0 END`).as('anonymous'),
            total(sql<number>`o.sub_total_cents`).as('gross'),
            total(sql<number>`o.discount_cents + o.tier_discount_cents`).as('discount'),
            total(sql<number>`o.tax_cents`).as('tax'),
            total(sql<number>`o.delivery_cents`).as('delivery'),
            total(sql<number>`o.pay_by_points_cents`).as('rewardDollars'),
          ])
          .where('pay.shift_id', '=', p.shiftId)
          .where('pay.status', 'in', KEPT)
          .where('pay.closes_sale', '=', 1),
      ),
      taxes: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as pay')
          .innerJoin('orders as o', 'o.id', 'pay.order_id')
          .select(['o.tax_layers as layers', 'o.tax_cents as tax', count.as('orders')])
          .where('pay.shift_id', '=', p.shiftId)
          .where('pay.status', 'in', KEPT)
          .where('pay.closes_sale', '=', 1)
          // Orders of the same lines share their layers: one row per distinct split.
          .groupBy(['o.tax_layers', 'o.tax_cents']),
      ),
      // The deals of the lines of those orders (each line's JSON; most lines have none).
      deals: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as pay')
          .innerJoin('order_items as i', 'i.order_id', 'pay.order_id')
          .select('i.deal_discounts as deals')
          .where('pay.shift_id', '=', p.shiftId)
          .where('pay.status', 'in', KEPT)
          .where('pay.closes_sale', '=', 1)
          .where('i.deal_discounts', '!=', '[]'),
      ),
      // Paid in the shift and completing no sale of it: toward an order it did not complete, or no order.
      towardOpen: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as pay')
          .select([
            total(sql<number>`CASE WHEN pay.order_id IS NULL THEN 0 ELSE pay.amount_cents END`).as('open'),
            total(sql<number>`CASE WHEN pay.order_id IS NULL THEN pay.amount_cents ELSE 0 END`).as('none'),
          ])
          .where('pay.shift_id', '=', p.shiftId)
          .where('pay.status', 'in', KEPT)
          .where(sql<boolean>`pay.closes_sale = 0`)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('payments as c')
                  .select('c.id')
                  .whereRef('c.order_id', '=', 'pay.order_id')
                  .where('c.shift_id', '=', p.shiftId)
                  .where('c.status', 'in', KEPT)
                  .where(sql<boolean>`c.closes_sale = 1`),
              ),
            ),
          ),
      ),
      // What the shift's sales had been paid outside it (an earlier shift, online, the back office).
      paidEarlier: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as c')
          .innerJoin('payments as pay', 'pay.order_id', 'c.order_id')
          .select(total(sql<number>`pay.amount_cents`).as('amount'))
          .where('c.shift_id', '=', p.shiftId)
          .where('c.status', 'in', KEPT)
          .where(sql<boolean>`c.closes_sale = 1`)
          .where('pay.status', 'in', KEPT)
          .where(sql<boolean>`pay.closes_sale = 0`)
          .where(sql<boolean>`(pay.shift_id IS NULL OR pay.shift_id <> ${p.shiftId})`),
      ),
      pending: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments')
          .select(count.as('count'))
          .where('shift_id', '=', p.shiftId)
          .where('status', '=', 'pending'),
      ),
    };
  }

  async payments(q: Queryable, shiftId: string): Promise<PaymentGroup[]> {
    return (await q.all(this.q.payments, { shiftId })).map((row) => ({
      method: row.method,
      entry: row.entry,
      status: row.status,
      count: Number(row.count),
      amount: Number(row.amount),
      tip: Number(row.tip),
      cashback: Number(row.cashback),
      tendered: Number(row.tendered),
      change: Number(row.change),
    }));
  }

  /** The shift's approved refunds, oldest first, each with how its payment was entered. */
  async refunds(q: Queryable, shiftId: string): Promise<ShiftRefund[]> {
    return (await q.all(this.q.refunds, { shiftId })).map((row) => ({
      dispensaryId: row.dispensaryId!,
      method: row.method,
      entry: row.entry,
      orderId: row.orderId,
      amount: Number(row.amount),
      at: row.at,
      saleAt: String(row.saleAt),
    }));
  }

  /** What the shift's payments put apart from its sales (see `PaidApart` in shift-sales.ts). */
  async apart(q: Queryable, shiftId: string): Promise<ShiftApart> {
    const open = (await q.first(this.q.towardOpen, { shiftId }))!;
    const earlier = (await q.first(this.q.paidEarlier, { shiftId }))!;
    return {
      paidTowardOpenCents: Number(open.open),
      paidWithoutOrderCents: Number(open.none),
      paidEarlierCents: Number(earlier.amount),
    };
  }

  async sold(q: Queryable, shiftId: string): Promise<SoldOrders> {
    const row = (await q.first(this.q.sold, { shiftId }))!;
    const taxes = await q.all(this.q.taxes, { shiftId });
    const deals = (await q.all(this.q.deals, { shiftId })).flatMap((line) => JSON.parse(line.deals) as LineDiscount[]);
    return {
      sales: Number(row.sales),
      identified: Number(row.identified),
      anonymous: Number(row.anonymous),
      gross: Number(row.gross),
      discount: Number(row.discount),
      tax: Number(row.tax),
      delivery: Number(row.delivery),
      rewardDollars: Number(row.rewardDollars),
      taxes: taxes.map((split) => ({ layers: split.layers, tax: Number(split.tax), orders: Number(split.orders) })),
      deals,
    };
  }

  /** How many payments of the shift a processor, PIN pad or customer has not answered yet. */
  async pendingCount(q: Queryable, shiftId: string): Promise<number> {
    return Number((await q.first(this.q.pending, { shiftId }))!.count);
  }
}
