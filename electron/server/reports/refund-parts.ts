import { spread } from '../../../shared/deals/units.js';
import type { ReadRefund, RefundedLine, RefundRow } from './report-rows.js';
import { amountOverLines, refundShares, returnedWeights, type Sale } from './sales-of-rows.js';

/**
 * What a refund handed back, in parts (README "Reports"): the tip (what it gave back beyond what its
 * payment paid toward the order), money of no sale (handed back before its order's sale closed, or
 * for an order never sold: it lowers what was paid toward open orders), and the return of a sale:
 * its tax and the rest, before tax, shared among the sale's lines. A sale paid partly with reward
 * dollars gives their points back as its money goes back (README "Loyalty"): its return is the money
 * and those reward dollars. So tip + open + tax + return − reward = the refund's amount.
 */
export interface RefundParts {
  tipCents: number;
  /** Handed back before its order's sale closed, or for an order never sold: no sale's. */
  openCents: number;
  /** The return before tax, reward dollars given back included: `lines` added up (all of it when no sale line takes it). */
  returnCents: number;
  /** The reward dollars the return gave back (part of `returnCents`, not of the money). */
  rewardCents: number;
  /** The tax the return handed back (its sale's, in proportion). */
  taxCents: number;
  /** `returnCents` by the sale's lines (their order); empty when no sale line takes it. */
  lines: number[];
}

/** A refund the reports read without its payment and sale (a drawer shift's): all of it a return, as before. */
export const wholeReturn = (refund: RefundRow): RefundParts => ({
  tipCents: 0,
  openCents: 0,
  returnCents: refund.amount,
  rewardCents: 0,
  taxCents: 0,
  lines: [],
});

/**
 * The tax each of a sale's lines hands back of `shares` (the refund shared among them): the share
 * of the line's total with tax that is its tax, rounded half up; at most the sale's tax in all (a
 * refund that gives back more than its lines came to, their delivery, carries none more).
 */
export function lineTaxes(shares: readonly number[], sale: Sale): number[] {
  const taxes = sale.lines.map((line, index) => {
    const paid = line.grossCents - line.discountCents + line.taxCents;
    return paid > 0 && line.taxCents > 0 ? Math.round((shares[index]! * line.taxCents) / paid) : 0;
  });
  const over = taxes.reduce((sum, tax) => sum + tax, 0) - Math.max(0, sale.taxCents);
  if (over <= 0) return taxes;
  const less = spread(over, taxes);
  return taxes.map((tax, index) => tax - less[index]!);
}

/**
 * The tax a refund by items handed back, line by line: the tax its lines gave back (refund_lines),
 * in proportion when it gave back less money than they were worth; undefined for a refund of an
 * amount, or one naming none of the sale's lines.
 */
export function returnedTaxes(money: number, sale: Sale, returned: readonly RefundedLine[]): number[] | undefined {
  const weights = returnedWeights(sale, returned);
  if (!weights) return undefined;
  const mine = returned.filter((back) => sale.lines.some((line) => line.itemId === back.itemId));
  const worth = mine.reduce((sum, back) => sum + back.amountCents, 0);
  const tax = mine.reduce((sum, back) => sum + back.taxCents, 0);
  const total = worth <= 0 ? 0 : Math.min(tax, Math.floor((Math.min(money, worth) * tax) / worth));
  const byLine = sale.lines.map((line) =>
    mine.reduce((sum, back) => sum + (back.itemId === line.itemId ? back.taxCents : 0), 0),
  );
  return spread(total, byLine);
}

/**
 * The reward dollars a refund of `sale` gave back (`money`, its tip left out): their share of the
 * sale's reward dollars, as its money's share of what the sale was paid in money, counted over the
 * sale's refunds so far, of all its payments (all of them once the sale is refunded whole, in any
 * number of refunds of any of its payments). The loyalty ledger gives the points back alike. A
 * refund read without its sale's earlier refunds counts over its own payment's.
 */
function rewardBack(refund: ReadRefund, money: number, sale: Sale): number {
  const paidInMoney = sale.grossCents - sale.discountCents + sale.taxCents + sale.deliveryCents - sale.rewardCents;
  if (sale.rewardCents <= 0 || paidInMoney <= 0) return 0;
  const upTo = (refunded: number) => Math.floor((sale.rewardCents * Math.min(refunded, paidInMoney)) / paidInMoney);
  if (refund.saleRefundedEarlier !== undefined) {
    return upTo(refund.saleRefundedEarlier + money) - upTo(refund.saleRefundedEarlier);
  }
  const ofPayment = (refunded: number) => upTo(Math.min(refunded, refund.paid));
  return ofPayment(refund.refundedEarlier + refund.amount) - ofPayment(refund.refundedEarlier);
}

/** The parts of a refund (refund-parts.ts): `sale` is its order's, when the order was sold. */
export function refundParts(refund: ReadRefund, sale: Sale | undefined): RefundParts {
  const tipOf = (refunded: number) => Math.max(0, refunded - refund.paid);
  const tipCents = tipOf(refund.refundedEarlier + refund.amount) - tipOf(refund.refundedEarlier);
  const money = refund.amount - tipCents;
  const parts: RefundParts = { tipCents, openCents: 0, returnCents: 0, rewardCents: 0, taxCents: 0, lines: [] };
  // A payment of an order whose sale had not closed yet (or never did): it paid no sale.
  if (refund.orderId !== null && (refund.closedAt === null || refund.at < refund.closedAt)) {
    return { ...parts, openCents: money };
  }
  // The return is the money and the reward dollars it gave back, shared among the sale's lines.
  const rewardCents = sale ? rewardBack(refund, money, sale) : 0;
  const back = money + rewardCents;
  const returned = refund.lines ?? [];
  // A refund of an amount after others of its sale: over what its lines still held.
  const held =
    sale && returned.length === 0 && refund.earlier ? amountOverLines(back, sale, refund.earlier) : undefined;
  const shares = held?.map((part) => part.cents) ?? refundShares(back, sale, returned);
  if (!sale || shares.length === 0) return { ...parts, returnCents: back, rewardCents };
  const own = returnedTaxes(money, sale, returned) ?? held?.map((part) => part.taxCents);
  const taxes = own ?? (sale.taxCents > 0 ? lineTaxes(shares, sale) : shares.map(() => 0));
  const lines = shares.map((share, index) => share - taxes[index]!);
  const taxCents = taxes.reduce((sum, tax) => sum + tax, 0);
  return { ...parts, returnCents: back - taxCents, rewardCents, taxCents, lines };
}

/** Each refund's parts, its sale found among `sales` (by order). */
export function partsOf(refunds: readonly ReadRefund[], sales: ReadonlyMap<string, Sale>): Map<RefundRow, RefundParts> {
  return new Map(
    refunds.map((refund) => [
      refund,
      refundParts(refund, refund.orderId === null ? undefined : sales.get(refund.orderId)),
    ]),
  );
}

/** The parts of `refund` as `parts` found them, else all of it a return. */
export const partOf = (parts: ReadonlyMap<RefundRow, RefundParts> | undefined) => (refund: RefundRow) =>
  parts?.get(refund) ?? wholeReturn(refund);
