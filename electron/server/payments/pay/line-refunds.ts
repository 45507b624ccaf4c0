import { ServicePayError } from '../../../../shared/errors.js';
import { wholeUnits } from '../../../../shared/inventory/adjustment-change.js';
import { formatMoney } from '../../../../shared/money.js';
import { fromMilli, toMilli } from '../../../../shared/quantity.js';
import { amountShares, type EarlierRefund } from '../../../../shared/refunds/amount-shares.js';
import {
  lineRefundPart,
  lineWorths,
  refundableMilli,
  type LineRefundPart,
  type RefundableLine,
} from '../../../../shared/refunds/line-refund.js';
import type { FullOrder, OrderItemRecord } from '../../tickets/order-records.js';

/** One line a refund request names: the ticket line's id and how much of it comes back. */
export interface AskedLine {
  itemId: string;
  quantity: number;
}

/** A line given back, priced, with the order line it is of. */
export interface ReturnedLine extends LineRefundPart {
  item: OrderItemRecord;
}

/** An order line as shared/refunds/line-refund.ts prices it. */
export const refundableOf = (item: OrderItemRecord): RefundableLine => ({
  itemId: item.id,
  quantityMilli: item.quantityMilli,
  refundedQuantityMilli: item.refundedQuantityMilli,
  lineSubTotalCents: item.lineSubTotalCents,
  lineDiscountCents: item.lineDiscountCents,
  lineTaxCents: item.lineTaxCents,
});

/**
 * The order's lines as shared/refunds/line-refund.ts prices them, each with what the refunds by
 * amount among `earlier` (the sale's refunds, oldest first: sale-refunds.ts) gave back of it, and
 * what each line came to.
 */
export function refundableLines(
  full: FullOrder,
  earlier: readonly EarlierRefund[],
): { lines: RefundableLine[]; worths: number[] } {
  const { totals } = full.order;
  const base = full.items.map(refundableOf);
  const worths = lineWorths(base, { tierDiscountCents: totals.tierDiscount, payByPointsCents: totals.payByPoints });
  const shares = amountShares(base, worths, earlier);
  const lines = base.map((line, index) => ({
    ...line,
    byAmountCents: shares[index]!.cents,
    byAmountTaxCents: shares[index]!.taxCents,
  }));
  return { lines, worths };
}

/** "2", "3.5 g": a quantity of a line as a person reads it. */
const amountOf = (item: OrderItemRecord, milli: number) =>
  item.deli ? `${fromMilli(milli)} ${item.unitType}` : String(fromMilli(milli));

const refusal = (field: string, words: string) => new ServicePayError('INVALID_INPUT', words, { field });

/**
 * Why more of `item` than `left` cannot come back: what was sold when none came back yet ("Only 1
 * Wedding Cake was sold on this order"), else what came back already.
 */
function tooMuchBack(item: OrderItemRecord, left: number): string {
  const sold = amountOf(item, item.quantityMilli);
  if (item.refundedQuantityMilli === 0) {
    const what = item.deli ? `${sold} of ${item.name}` : `${sold} ${item.name}`;
    const was = !item.deli && item.quantityMilli > 1000 ? 'were' : 'was';
    return `Only ${what} ${was} sold on this order`;
  }
  const back = amountOf(item, item.refundedQuantityMilli);
  if (left === 0) return `None of the ${sold} ${item.name} can come back: all came back already`;
  return `Only ${amountOf(item, left)} of the ${sold} ${item.name} can come back: ${back} came back already`;
}

/**
 * What the lines asked back of `full`'s order are worth (shared/refunds/line-refund.ts), less their
 * share of what the sale's `earlier` refunds by amount gave back, each checked first and refused in
 * words naming the line: a line of another order (404), named twice, a quantity of 0 or less, of
 * more than three decimals, part of a unit of a line sold by the unit, or more than is left of the
 * line.
 */
export function priceReturn(
  full: FullOrder,
  asked: readonly AskedLine[],
  earlier: readonly EarlierRefund[] = [],
): ReturnedLine[] {
  const { order, items } = full;
  const { lines, worths } = refundableLines(full, earlier);
  const seen = new Set<string>();
  return asked.map((line, at) => {
    const index = items.findIndex((item) => item.id === line.itemId);
    if (index < 0) {
      throw new ServicePayError('NOT_FOUND', `order ${order.orderNumber} has no line ${line.itemId}`, {
        field: `lines[${at}].itemId`,
      });
    }
    const item = items[index]!;
    if (seen.has(item.id)) {
      throw refusal(
        `lines[${at}].itemId`,
        `${item.name} is named twice: send each line once, with all of it that comes back`,
      );
    }
    seen.add(item.id);
    const field = `lines[${at}].quantity`;
    const milli = toMilli(line.quantity);
    if (milli === undefined) throw refusal(field, `${item.name}: the quantity must have at most three decimals`);
    if (milli <= 0) throw refusal(field, `${item.name}: the quantity that comes back must be more than 0`);
    if (!item.deli && milli % 1000 !== 0) throw refusal(field, `the quantity ${wholeUnits(item.name)}`);
    const left = refundableMilli(lines[index]!);
    if (milli > left) {
      throw refusal(field, tooMuchBack(item, left));
    }
    return { ...lineRefundPart(lines, worths, index, milli), item };
  });
}

/** What the lines given back are worth in all, in cents. */
export const worthOf = (lines: readonly ReturnedLine[]): number =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);

/** What a refund request asks: an amount (cents), and or the lines that come back. */
export interface RefundAsk {
  amount?: number;
  lines?: readonly AskedLine[];
  restock?: boolean;
  /** With `lines`: the order's other payments that give back the rest of their worth (return-parts.ts). */
  rest?: readonly { paymentId: string; amount: number }[];
}

/**
 * What a refund by items gives back: `amount` when sent (never more than the lines are worth),
 * else what they are worth, at most what is left of the payment (`left`). Refused in words when
 * that is nothing.
 */
export function returnAmount(
  planned: { lines: readonly ReturnedLine[] },
  amount: number | undefined,
  left: number,
): number {
  const worth = worthOf(planned.lines);
  if (amount !== undefined && amount > worth) {
    throw refusal(
      'amount',
      `${formatMoney(amount)} is more than the items given back are worth: ${formatMoney(worth)}`,
    );
  }
  const given = amount ?? Math.min(worth, left);
  if (given <= 0) {
    throw refusal(
      'amount',
      left <= 0
        ? 'nothing is left to refund of this payment'
        : 'the items given back are worth $0.00: nothing to refund',
    );
  }
  return given;
}
