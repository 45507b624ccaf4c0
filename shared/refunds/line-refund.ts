/**
 * What giving back part of a sale's lines is worth (README "Refunds"): the same on the service, which
 * refunds it, and the back office, which shows it before the manager confirms. Pure, in cents.
 *
 * A line's worth is what the customer paid for it: its amount after its discounts plus its tax, less
 * its share of the order's own reductions (the tier discount and the reward dollars spent, shared
 * over the lines by what each paid, largest remainder). Giving back `milli` thousandths of a line of
 * which `earlierMilli` came back already is worth `part(earlier + milli) − part(earlier)`, where
 * `part(q)` is `q`'s share of the line rounded down, of its tax and of the rest apart: so a line
 * given back in any steps adds up to its whole worth, to the cent, its tax likewise, and no step
 * carries more tax than money.
 *
 * Refunds by amount made before (a price match) gave back part of what was left of each line
 * (amount-shares.ts): a line given back after them is worth that much less, so the money a line
 * comes to is given back once. Of what refunds by amount gave back of what is left of it, giving
 * back `milli` of the `left` thousandths takes off its part (rounded down; all of it with the last
 * of the line), of the tax and of the rest apart, never below 0.
 */
import { spread } from '../deals/units.js';

/** A sold line as the refund reads it (cents; discounts negative, as stored). */
export interface RefundableLine {
  itemId: string;
  quantityMilli: number;
  refundedQuantityMilli: number;
  lineSubTotalCents: number;
  lineDiscountCents: number;
  lineTaxCents: number;
  /** What refunds by amount gave back of the part of it not given back yet (its share), and the tax within: 0 when none. */
  byAmountCents?: number;
  byAmountTaxCents?: number;
}

/** The order's reductions that are no line's own (negative or 0, as stored). */
export interface OrderReductions {
  tierDiscountCents: number;
  payByPointsCents: number;
}

/** One line given back: how much of it and what that is worth, its tax apart (part of `amountCents`). */
export interface LineRefundPart {
  itemId: string;
  quantityMilli: number;
  amountCents: number;
  taxCents: number;
}

/** What each line of the order came to for the customer, in the lines' order (never below 0). */
export function lineWorths(lines: readonly RefundableLine[], order: OrderReductions): number[] {
  const paid = lines.map((line) => Math.max(0, line.lineSubTotalCents + line.lineDiscountCents + line.lineTaxCents));
  const reduction = -(Math.min(0, order.tierDiscountCents) + Math.min(0, order.payByPointsCents));
  const shares = spread(
    Math.min(
      reduction,
      paid.reduce((sum, cents) => sum + cents, 0),
    ),
    paid,
  );
  return paid.map((cents, index) => cents - shares[index]!);
}

/** `milli` thousandths' part of `cents` spread over `ofMilli`, rounded down. */
export const partOf = (cents: number, milli: number, ofMilli: number): number =>
  ofMilli <= 0 ? 0 : Math.floor((cents * Math.min(milli, ofMilli)) / ofMilli);

/**
 * What giving back `milli` of the `left` thousandths of a line takes of `cents` its part not given
 * back yet still carries: its part rounded down, all of it with the last of the line.
 */
export const takenOf = (cents: number, milli: number, left: number): number =>
  milli >= left ? cents : Math.floor((cents * milli) / left);

/** A line's tax within its worth, which carries all of it where it can. */
export const taxWithin = (line: Pick<RefundableLine, 'lineTaxCents'>, worth: number): number =>
  Math.min(Math.max(0, line.lineTaxCents), Math.max(0, worth));

/**
 * The worth of giving back `milli` of `lines[index]` (worths from `lineWorths`): its amount and the
 * tax within it. The caller checks `milli` against what is left of the line (`refundableMilli`).
 */
export function lineRefundPart(
  lines: readonly RefundableLine[],
  worths: readonly number[],
  index: number,
  milli: number,
): LineRefundPart {
  const line = lines[index]!;
  const before = line.refundedQuantityMilli;
  const after = before + milli;
  const of = line.quantityMilli;
  const worth = worths[index]!;
  const tax = taxWithin(line, worth);
  // The tax and the rest are each given back in rounded-down parts: both add up exactly, and no step
  // gives back more tax than money (parts of the whole worth could: the 4th of 7 steps of a line
  // worth $0.05 with $0.04 tax would give back $0.00 with $0.01 of tax).
  const fullTax = partOf(tax, after, of) - partOf(tax, before, of);
  const fullRest = partOf(worth - tax, after, of) - partOf(worth - tax, before, of);
  // Less what refunds by amount gave back of it already, its tax and the rest apart likewise.
  const left = of - before;
  const byAmount = Math.max(0, line.byAmountCents ?? 0);
  const byAmountTax = Math.min(Math.max(0, line.byAmountTaxCents ?? 0), byAmount);
  const taxCents = Math.max(0, fullTax - takenOf(byAmountTax, milli, left));
  const restCents = Math.max(0, fullRest - takenOf(byAmount - byAmountTax, milli, left));
  return { itemId: line.itemId, quantityMilli: milli, amountCents: taxCents + restCents, taxCents };
}

/** What of a line may still come back, in thousandths. */
export const refundableMilli = (line: RefundableLine): number =>
  Math.max(0, line.quantityMilli - line.refundedQuantityMilli);
