import { ServicePayError } from '../../../../shared/errors.js';
import { fromMilli } from '../../../../shared/quantity.js';
import type { AuditContext } from '../../core/audit-actor.js';
import type { ServiceContext } from '../../core/context.js';
import type { Queryable } from '../../db/query.js';
import { ReturnedStock } from '../../inventory/returned-stock.js';
import type { FullOrder } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import { RefundLinesRepository, type RefundLineRow } from '../store/refund-lines-repository.js';
import { priceReturn, type AskedLine, type ReturnedLine } from './line-refunds.js';
import { saleRefunds } from './sale-refunds.js';
import { formatMoney } from '../../../../shared/money.js';
import { paymentWords } from './payment-words.js';
import type { SplitLine } from '../../../../shared/refunds/split-return.js';

/** A refund by items, priced: its order as read under the order's lock, and the lines it gives back. */
export interface PlannedReturn {
  full: FullOrder;
  lines: ReturnedLine[];
}

/**
 * The lines of a refund by items (README "Refunds"): read and priced before the processor is asked,
 * written in the refund's own write (its lines, the order lines' refunded quantities, and with
 * `restock` the packages' stock), and read back for its answer.
 */
export class LineReturns {
  readonly lines: RefundLinesRepository;
  private readonly stock: ReturnedStock;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
  ) {
    this.lines = new RefundLinesRepository(ctx.db);
    this.stock = new ReturnedStock(ctx.db);
  }

  /**
   * The lines asked back of `payment`'s order, priced. Refused when the payment paid no order, or
   * when its order was not handed over: a return is of what the customer took home (an order not
   * picked up yet has its lines changed instead, after a refund by amount).
   */
  async plan(payment: StoredPayment, asked: readonly AskedLine[]): Promise<PlannedReturn> {
    const full =
      payment.orderId === null || payment.dispensaryId === null
        ? undefined
        : await this.store.orders.findById(this.ctx.db, payment.dispensaryId, payment.orderId);
    if (!full) {
      throw new ServicePayError(
        'CONFLICT',
        `${paymentWords(payment)} paid no order: it has no lines to give back; refund an amount instead`,
      );
    }
    if (full.order.status !== 'COMPLETED') {
      throw new ServicePayError(
        'CONFLICT',
        `order ${full.order.orderNumber} was not handed over yet: only what a customer took can come back; ` +
          'refund an amount and change its lines instead',
      );
    }
    const earlier = await saleRefunds(this.store, this.ctx.db.builder, this.ctx.db, full.order.id);
    return { full, lines: priceReturn(full, asked, earlier) };
  }

  /**
   * Writes the refund's lines in its write `tx` (after its money went back: never refused); with
   * `restock`, their quantities go back into their packages, made by `by.actor` and approved by
   * `by.approvedBy`. A part of a return split over payments (`split`) writes its share of them.
   */
  async write(
    tx: Queryable,
    planned: PlannedReturn,
    refundId: string,
    restock: boolean,
    by: AuditContext,
    at: Date,
    split?: { lines: readonly SplitLine[]; first: boolean },
  ): Promise<RefundLineRow[]> {
    const { order } = planned.full;
    const rows = (split?.lines ?? planned.lines).map((line) => ({
      refundId,
      itemId: line.itemId,
      quantityMilli: line.quantityMilli,
      amountCents: line.amountCents,
      taxCents: line.taxCents,
      restocked: restock,
    }));
    await this.lines.insert(tx, order.id, rows, at.toISOString());
    // A return split over payments puts its items back in stock once, with its first refund.
    if (restock && (split?.first ?? true)) {
      const dispensary = await this.store.dispensaries.findById(order.dispensaryId, tx);
      const units = planned.lines.map(({ item, quantityMilli }) => ({
        packageId: item.packageId,
        productId: item.productId,
        packageLabel: item.packageLabel,
        quantityMilli,
      }));
      const { actor, approvedBy } = by;
      const taker = { kind: actor.kind, id: actor.id, name: actor.name, approvedBy: approvedBy ?? null };
      const store = { id: order.dispensaryId, timezone: dispensary?.timezone ?? 'UTC' };
      await this.stock.restock(tx, store, order.orderNumber, units, taker, at);
    }
    return rows;
  }
}

/**
 * A refund by items at a register attached to a store server is refused (README "Refunds"): the
 * lines it gives back are the server's record, made at its back office.
 */
export async function refuseLinesAtRegister(ctx: ServiceContext): Promise<void> {
  if (!(await ctx.role.isRegister())) return;
  throw new ServicePayError(
    'CONFLICT',
    "this register is attached to a store server: give items back at the server's back office, " +
      'or refund an amount here',
  );
}

/**
 * "Items back: 1 × Rolling papers ($3.67), 1.5 g of Blue Dream ($6.45); put back in stock": the
 * refund's audit entry's details, kept apart from the reason the manager gave.
 */
export function returnedInWords(planned: PlannedReturn, restock: boolean): string {
  const lines = planned.lines.map(({ item, quantityMilli, amountCents }) => {
    const what = item.deli
      ? `${fromMilli(quantityMilli)} ${item.unitType} of ${item.name}`
      : `${fromMilli(quantityMilli)} × ${item.name}`;
    return `${what} (${formatMoney(amountCents)})`;
  });
  return `Items back: ${lines.join(', ')}; ${restock ? 'put back in stock' : 'not put back in stock'}`;
}
