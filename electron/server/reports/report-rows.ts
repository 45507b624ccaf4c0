import { sql } from 'kysely';
import type { Builder, Queryable } from '../db/query.js';
import type { ApartPayment } from './paid-apart.js';
import type { EarlierRefund } from '../../../shared/refunds/amount-shares.js';
import { withRefundLines, type RefundedLine } from './refund-lines.js';
export type { RefundedLine } from './refund-lines.js';
import { closedAgainAfter, KEPT, saleClosedAt, saleClosings, type ClosingsOf } from './sale-closings.js';

/**
 * What was refunded of payment `p` before its order's sale closed (`closedAt`): money handed back
 * while the order was open, which paid no sale (paid-apart.ts).
 */
export const refundedBefore = (p: string, closedAt: ReturnType<typeof saleClosedAt> | ReturnType<typeof sql.ref>) =>
  sql<number>`(SELECT COALESCE(SUM(r.amount_cents), 0) FROM payment_refunds r WHERE r.payment_id = ${sql.ref(`${p}.id`)}
    AND r.status = 'approved' AND r.created_at < ${closedAt})`;

/** One line of a closed sale, with what the report groups it by and its order's amounts. */
export interface SoldLine {
  orderId: string;
  /** When the sale closed (sale-closings.ts; ISO): the sale's store day and hour. */
  closedAt: string;
  register: string | null;
  createdBy: string;
  customerType: string | null;
  orderSubTotal: number;
  /** The order's discount and tier discount columns (zero or negative). */
  orderDiscount: number;
  tierDiscount: number;
  orderTax: number;
  delivery: number;
  payByPoints: number;
  taxLayers: string | null;
  lineIndex: number | null;
  /** The order line's id (`order_items.id`): a refund by items names it. */
  itemId: string | null;
  productId: string | null;
  category: string | null;
  brand: string | null;
  name: string | null;
  quantityMilli: number | null;
  /** 1 for a line sold by weight (its quantity in thousandths of a gram). */
  deli: number | null;
  lineSubTotal: number | null;
  /** Zero or negative. */
  lineDiscount: number | null;
  lineTax: number | null;
  dealDiscounts: string | null;
  /** Its package's exact cost: `costCents` for `costMilli` thousandths of a unit (migration 068). */
  costCents: number | null;
  costMilli: number | null;
}

/** An approved refund, with the refunded payment's store and method and its sale's closing instant. */
export interface RefundRow {
  dispensaryId: string;
  amount: number;
  at: string;
  method: string;
  orderId: string | null;
  /** When the refunded sale was closed (its closing payment), else the refunded payment completed. */
  saleAt: string;
}

/**
 * A refund as the reports read it (refund-parts.ts splits it): what its payment paid toward its order
 * (`paid`, without tip), what of that payment was refunded before it, and when its order's sale closed.
 */
export interface ReadRefund extends RefundRow {
  /** The refund's id: its lines (refund_lines) are read by it (none without it). */
  refundId?: string;
  paid: number;
  refundedEarlier: number;
  /** Its order's sale's closing instant (sale-closings.ts), null while the order has none. */
  closedAt: string | null;
  /**
   * The lines a refund by items gave back (README "Refunds"): its return is theirs alone. Empty for
   * a refund of an amount (shared over all its sale's lines); undefined until read (refund-lines.ts).
   */
  lines?: RefundedLine[];
  /**
   * For a refund of an amount: its sale's refunds before it, oldest first (refund-lines.ts), read with
   * its lines: it is shared over what its sale's lines still held (sales-of-rows.ts amountOverLines).
   */
  earlier?: EarlierRefund[];
  /**
   * What the refunds of its order's sale before it, of all the order's payments, gave back toward
   * the sale (tips and money of no sale left out; refund-lines.ts): read with its lines.
   */
  saleRefundedEarlier?: number;
}

/**
 * What a refund `r` of payment `p` is split by (refund-parts.ts), as ReadRefund names them: when its
 * order's sale closed, what its payment paid toward the order, and what of that payment the same
 * payment's approved refunds handed back before it (ids break a tie).
 */
export function refundFacts(r: string, p: string) {
  const [payment, at, id] = [sql.ref(`${r}.payment_id`), sql.ref(`${r}.created_at`), sql.ref(`${r}.id`)];
  return [
    sql<string>`${id}`.as('refundId'),
    saleClosedAt(p).as('closedAt'),
    sql.ref(`${p}.amount_cents`).as('paid'),
    sql<number>`(SELECT COALESCE(SUM(e.amount_cents), 0) FROM payment_refunds e
      WHERE e.payment_id = ${payment} AND e.status = 'approved'
      AND (e.created_at < ${at} OR (e.created_at = ${at} AND e.id < ${id})))`.as('refundedEarlier'),
  ] as const;
}

/** An approved payment's money (refunded ones included: their refunds are counted on their own). */
export interface TenderRow {
  method: string;
  amount: number;
  tip: number;
  cashback: number;
  completedAt: string;
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Engines answer bigint sums and columns as strings (PostgreSQL): every amount read as a number. */
function toSoldLine(row: Record<string, unknown>): SoldLine {
  return {
    ...(row as unknown as SoldLine),
    orderSubTotal: Number(row.orderSubTotal),
    orderDiscount: Number(row.orderDiscount),
    tierDiscount: Number(row.tierDiscount),
    orderTax: Number(row.orderTax),
    delivery: Number(row.delivery),
    payByPoints: Number(row.payByPoints),
    lineIndex: num(row.lineIndex),
    quantityMilli: num(row.quantityMilli),
    deli: num(row.deli),
    lineSubTotal: num(row.lineSubTotal),
    lineDiscount: num(row.lineDiscount),
    lineTax: num(row.lineTax),
    costCents: num(row.costCents),
    costMilli: num(row.costMilli),
  };
}

/** The reports' reads: a few statements per report, filtered by store and instants (indexed). */
export class ReportRows {
  constructor(private readonly k: Builder) {}

  private soldLines(of: ClosingsOf) {
    return this.k
      .selectFrom(saleClosings(this.k, of).as('pay'))
      .innerJoin('orders as o', 'o.id', 'pay.order_id')
      .leftJoin('order_items as i', 'i.order_id', 'o.id')
      .leftJoin('packages as pk', 'pk.id', 'i.package_id')
      .leftJoin('customers as c', 'c.id', 'o.customer_id')
      .select([
        'o.id as orderId',
        'pay.completed_at as closedAt',
        'pay.terminal_id as register',
        'o.created_by as createdBy',
        'c.customer_type as customerType',
        'o.sub_total_cents as orderSubTotal',
        'o.discount_cents as orderDiscount',
        'o.tier_discount_cents as tierDiscount',
        'o.tax_cents as orderTax',
        'o.delivery_cents as delivery',
        'o.pay_by_points_cents as payByPoints',
        'o.tax_layers as taxLayers',
        'i.line_index as lineIndex',
        'i.id as itemId',
        'i.product_id as productId',
        'i.type as category',
        'i.brand as brand',
        'i.name as name',
        'i.quantity_milli as quantityMilli',
        'i.deli as deli',
        'i.line_sub_total_cents as lineSubTotal',
        'i.line_discount_cents as lineDiscount',
        'i.line_tax_cents as lineTax',
        'i.deal_discounts as dealDiscounts',
        'pk.cost_cents as costCents',
        'pk.cost_milli as costMilli',
      ]);
  }

  /** The lines of the sales a store closed in [from, to) (ISO instants), one row per line. */
  async sold(q: Queryable, dispensaryId: string, from: string, to: string): Promise<SoldLine[]> {
    const rows = await q.all(this.soldIn([dispensaryId], from, to));
    return rows.map((row) => toSoldLine(row));
  }

  /** The lines of the sales of orders `orderIds` the stores closed in [from, to). */
  async soldOf(q: Queryable, dispensaryIds: readonly string[], from: string, to: string, orderIds: readonly string[]) {
    const lines: SoldLine[] = [];
    for (let at = 0; at < orderIds.length; at += 500) {
      const chunk = orderIds.slice(at, at + 500);
      const rows = await q.all(this.soldIn(dispensaryIds, from, to).where('o.id', 'in', chunk));
      lines.push(...rows.map((row) => toSoldLine(row)));
    }
    return lines;
  }

  private soldIn(dispensaryIds: readonly string[], from: string, to: string) {
    return this.soldLines({ dispensaryIds, from, to })
      .orderBy('pay.completed_at')
      .orderBy('o.id')
      .orderBy('i.line_index');
  }

  /** The lines of the sales `orderIds` (the refunded ones), whenever they were closed. */
  async ofOrders(q: Queryable, orderIds: readonly string[]): Promise<SoldLine[]> {
    const lines: SoldLine[] = [];
    for (let at = 0; at < orderIds.length; at += 500) {
      const chunk = orderIds.slice(at, at + 500);
      const rows = await q.all(this.soldLines({ orderIds: chunk }).orderBy('o.id').orderBy('i.line_index'));
      lines.push(...rows.map((row) => toSoldLine(row)));
    }
    return lines;
  }

  /**
   * The stores' approved refunds: handed out in [from, to), or (`bySaleDay`) of the sales closed then.
   */
  async refunds(
    q: Queryable,
    dispensaryIds: readonly string[],
    from: string,
    to: string,
    bySaleDay = false,
  ): Promise<ReadRefund[]> {
    // Its sale's closing: the order's last kept closing payment, one a refund (sale-closings.ts).
    const saleAt = sql<string>`COALESCE(${saleClosedAt('p')}, p.completed_at)`;
    let query = this.k
      .selectFrom('payment_refunds as r')
      .innerJoin('payments as p', 'p.id', 'r.payment_id')
      .select(['r.amount_cents as amount', 'r.created_at as at', 'p.method as method', 'p.order_id as orderId'])
      .select(['p.dispensary_id as dispensaryId', saleAt.as('saleAt')])
      .select(refundFacts('r', 'p'))
      .where('p.dispensary_id', 'in', dispensaryIds)
      .where('r.status', '=', 'approved');
    query = bySaleDay
      ? query.where(saleAt, '>=', from).where(saleAt, '<', to)
      : query.where('r.created_at', '>=', from).where('r.created_at', '<', to);
    const rows = await q.all(query.orderBy('r.created_at'));
    const refunds = rows.map((row) => ({
      ...row,
      dispensaryId: row.dispensaryId!,
      amount: Number(row.amount),
      saleAt: String(row.saleAt),
      closedAt: row.closedAt === null ? null : String(row.closedAt),
      paid: Number(row.paid),
      refundedEarlier: Number(row.refundedEarlier),
    }));
    // A refund by items returns its own lines (refund-parts.ts): read with it.
    await withRefundLines(this.k, q, refunds);
    return refunds;
  }

  /** Reads the lines of the refunds by items among `refunds` into them (refund-lines.ts). */
  refundLines(q: Queryable, refunds: readonly ReadRefund[]): Promise<void> {
    return withRefundLines(this.k, q, refunds);
  }

  /** The display names of an organization's staff, by user id: who made the sales. */
  async staffNames(q: Queryable, organizationId: string): Promise<Map<string, string>> {
    const rows = await q.all(
      this.k.selectFrom('users').select(['id', 'display_name as name']).where('organization_id', '=', organizationId),
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /**
   * A store's approved payments that did not close their order's sale (sale-closings.ts) and touch
   * [from, to): paid in it, or paid before it toward an order completed in it; each with when its
   * order was completed and what of it was refunded before.
   */
  async apart(q: Queryable, dispensaryId: string, from: string, to: string): Promise<ApartPayment[]> {
    const closedAt = saleClosedAt('p');
    const payments = this.k
      .selectFrom('payments as p')
      .select(['p.id as paymentId', 'p.amount_cents as amount', 'p.completed_at as paidAt', closedAt.as('closedAt')])
      .select(refundedBefore('p', closedAt).as('refundedBefore'))
      .where('p.dispensary_id', '=', dispensaryId)
      .where('p.status', 'in', KEPT)
      .where(sql<boolean>`(p.closes_sale = 0 OR ${closedAgainAfter('p')})`)
      .where('p.order_id', 'is not', null);
    const rows = [
      ...(await q.all(payments.where('p.completed_at', '>=', from).where('p.completed_at', '<', to))),
      ...(await q.all(
        payments.where('p.completed_at', '<', from).where(closedAt, '>=', from).where(closedAt, '<', to),
      )),
    ];
    return rows.map((row) => ({
      dispensaryId,
      paymentId: row.paymentId,
      amount: Number(row.amount),
      paidAt: row.paidAt!,
      closedAt: row.closedAt,
      refundedBefore: Number(row.refundedBefore),
    }));
  }

  /** A store's approved payments completed in [from, to). */
  async tenders(q: Queryable, dispensaryId: string, from: string, to: string): Promise<TenderRow[]> {
    const rows = await q.all(
      this.k
        .selectFrom('payments')
        .select([
          'method',
          'amount_cents as amount',
          'tip_cents as tip',
          'cashback_cents as cashback',
          'completed_at as completedAt',
        ])
        .where('dispensary_id', '=', dispensaryId)
        .where('status', 'in', KEPT)
        .where('completed_at', '>=', from)
        .where('completed_at', '<', to),
    );
    return rows.map((row) => ({
      method: row.method,
      amount: Number(row.amount),
      tip: Number(row.tip),
      cashback: Number(row.cashback),
      completedAt: row.completedAt!,
    }));
  }
}
