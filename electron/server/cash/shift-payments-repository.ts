import { sql } from 'kysely';
import type { LineDiscount } from '../../../shared/deals/engine.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { KEPT } from '../reports/report-sums.js';
import type { RefundParts } from '../reports/refund-parts.js';
import { splitRefunds } from '../reports/refunded-sales.js';
import { refundedBefore, refundFacts, ReportRows, type RefundRow } from '../reports/report-rows.js';
import { closedAgainAfter, saleClosedAt } from '../reports/sale-closings.js';
import { shiftClosings } from './shift-closings.js';
import { towardOpen, type PaymentGroup, type ShiftApart, type ShiftRefund, type SoldOrders } from './shift-sales.js';

/** Sums of a (possibly NULL) column: PostgreSQL answers bigint sums and counts as text. */
const total = (expression: ReturnType<typeof sql<number>>) => sql<string | number>`COALESCE(SUM(${expression}), 0)`;
const count = sql<string | number>`COUNT(*)`;
/** When the sale of `pay`'s order closed for good (null while open), and the shift of that closing payment. */
const closedAt = saleClosedAt('pay');
const closedIn = sql<string | null>`(SELECT z.shift_id FROM payments z WHERE z.order_id = pay.order_id
  AND z.closes_sale = 1 AND z.status IN (${sql.join(KEPT)}) AND NOT ${closedAgainAfter('z')})`;

/**
 * What a shift's register took and handed out: its payments and refunds, each stamped with the shift
 * open at the register when it was recorded (cash/drawer-gate.ts), and the sales it closed (those
 * payments', and those paid there without a payment: ./shift-closings.ts): grouped reads, never a
 * row per sale.
 */
export class ShiftPaymentsRepository {
  private readonly q;
  private readonly rows: ReportRows;

  constructor(db: DataLayer) {
    this.rows = new ReportRows(db.builder);
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
          .select(['paid.method', 'paid.entry', 'paid.order_id as orderId', 'paid.dispensary_id as dispensaryId'])
          .select(['r.amount_cents as amount', 'r.created_at as at'])
          // Its sale's closing (sale-closings.ts): one row a refund, however often the order was paid.
          .select(sql<string>`COALESCE(${saleClosedAt('paid')}, paid.completed_at)`.as('saleAt'))
          // What the reports split it by (refund-parts.ts): its sale's closing, its payment, refunded before.
          .select(refundFacts('r', 'paid'))
          .where('r.shift_id', '=', p.shiftId)
          .where('r.status', '=', 'approved')
          .orderBy('r.created_at'),
      ),
      // The shift's sales (./shift-closings.ts): those its payments closed for good, and those paid
      // there with no payment (their total $0.00).
      sold: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom(shiftClosings(k, p.shiftId).as('s'))
          .leftJoin('orders as o', 'o.id', 's.order_id')
          .select([
            count.as('sales'),
            sql<string | number>`COUNT(DISTINCT s.customer)`.as('identified'),
            total(sql<number>`CASE WHEN s.customer IS NULL THEN 1 ELSE 0 END`).as('anonymous'),
            total(sql<number>`o.sub_total_cents`).as('gross'),
            total(sql<number>`o.discount_cents + o.tier_discount_cents`).as('discount'),
            total(sql<number>`o.tax_cents`).as('tax'),
            total(sql<number>`o.delivery_cents`).as('delivery'),
            total(sql<number>`o.pay_by_points_cents`).as('rewardDollars'),
          ]),
      ),
      taxes: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom(shiftClosings(k, p.shiftId).as('s'))
          .innerJoin('orders as o', 'o.id', 's.order_id')
          .select(['o.tax_layers as layers', 'o.tax_cents as tax', count.as('orders')])
          // Orders of the same lines share their layers: one row per distinct split.
          .groupBy(['o.tax_layers', 'o.tax_cents']),
      ),
      // The deals of the lines of those orders (each line's JSON; most lines have none).
      deals: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom(shiftClosings(k, p.shiftId).as('s'))
          .innerJoin('order_items as i', 'i.order_id', 's.order_id')
          .select('i.deal_discounts as deals')
          .where('i.deal_discounts', '!=', '[]'),
      ),
      // Paid in the shift toward an order and closing no sale for good (a part payment, or one a whole
      // refund or void reopened): when its order's sale closed, in which shift, and what of it was
      // handed back before (reports/paid-apart.ts reads a day's the same way).
      paidApart: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as pay')
          .select(['pay.amount_cents as amount', 'pay.completed_at as paidAt', closedAt.as('closedAt')])
          .select([closedIn.as('closedIn'), refundedBefore('pay', closedAt).as('refundedBefore')])
          .where('pay.shift_id', '=', p.shiftId)
          .where('pay.status', 'in', KEPT)
          .where('pay.order_id', 'is not', null)
          .where(sql<boolean>`(pay.closes_sale = 0 OR ${closedAgainAfter('pay')})`),
      ),
      // Paid in the shift with no order.
      paidWithoutOrder: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments')
          .select(total(sql<number>`amount_cents`).as('amount'))
          .where('shift_id', '=', p.shiftId)
          .where('status', 'in', KEPT)
          .where('order_id', 'is', null),
      ),
      // What the shift's sales had been paid outside it (an earlier shift, online, the back office),
      // less what of it was handed back before the sale closed.
      paidEarlier: db.prepare((k, p: { shiftId: string }) =>
        k
          .selectFrom('payments as c')
          .innerJoin('payments as pay', 'pay.order_id', 'c.order_id')
          .select(
            total(sql<number>`pay.amount_cents - ${refundedBefore('pay', sql.ref('c.completed_at'))}`).as('amount'),
          )
          .where('c.shift_id', '=', p.shiftId)
          .where('c.status', 'in', KEPT)
          .where(sql<boolean>`c.closes_sale = 1 AND NOT ${closedAgainAfter('c')}`)
          .where('pay.status', 'in', KEPT)
          .whereRef('pay.id', '<>', 'c.id')
          .whereRef('pay.completed_at', '<', 'c.completed_at')
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
      refundId: row.refundId,
      dispensaryId: row.dispensaryId!,
      method: row.method,
      entry: row.entry,
      orderId: row.orderId,
      amount: Number(row.amount),
      at: row.at,
      saleAt: String(row.saleAt),
      closedAt: row.closedAt === null ? null : String(row.closedAt),
      paid: Number(row.paid),
      refundedEarlier: Number(row.refundedEarlier),
    }));
  }

  /**
   * The shift's refunds split as the store's reports split them (refund-parts.ts): a return of a sale
   * (before tax), its tax, a tip, or money of no sale; their sales read whatever shift sold them. The
   * zone only places a sale's day, which a refund's parts do not read.
   */
  async refundParts(q: Queryable, refunds: readonly ShiftRefund[]): Promise<Map<RefundRow, RefundParts>> {
    return splitRefunds(this.rows, q, refunds, 'UTC');
  }

  /** What the shift's payments put apart from its sales (see `PaidApart` in shift-sales.ts). */
  async apart(q: Queryable, shiftId: string): Promise<ShiftApart> {
    const rows = await q.all(this.q.paidApart, { shiftId });
    const none = (await q.first(this.q.paidWithoutOrder, { shiftId }))!;
    const earlier = (await q.first(this.q.paidEarlier, { shiftId }))!;
    return {
      paidTowardOpenCents: towardOpen(
        shiftId,
        rows.map((row) => ({
          ...row,
          paidAt: row.paidAt!,
          amount: Number(row.amount),
          refundedBefore: Number(row.refundedBefore),
        })),
      ),
      paidWithoutOrderCents: Number(none.amount),
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
