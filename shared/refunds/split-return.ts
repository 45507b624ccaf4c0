/**
 * A return of items worth more than one payment has left (README "Refunds by items"): their worth
 * comes back across the order's payments in one refund request, the chosen payment first with all
 * it has, then the others, the last made first (split tenders come back as the cashier took them,
 * last first). The same on the service, which refunds it, and the dialogs, which say it first. Pure,
 * in cents.
 */
import type { LineRefundPart } from './line-refund.js';

/** A payment of the order and what of it may still be refunded (cents), in the order they were made. */
export interface SplitPayment {
  paymentId: string;
  refundableCents: number;
}

/** One payment's part of a return: what it gives back, in cents. */
export interface ReturnPart {
  paymentId: string;
  amountCents: number;
}

/**
 * How `worth` comes back: from `first` all it has (at most `worth`), the rest from the other
 * payments with money left, the last made first. One part when `first` has enough; what no payment
 * has left is not in any part (the parts then add up to less than `worth`).
 */
export function splitReturn(worth: number, payments: readonly SplitPayment[], first: string): ReturnPart[] {
  const chosen = payments.find((payment) => payment.paymentId === first);
  const order = [
    ...(chosen ? [chosen] : []),
    ...[...payments].reverse().filter((payment) => payment.paymentId !== first),
  ];
  const parts: ReturnPart[] = [];
  let rest = worth;
  for (const payment of order) {
    if (rest <= 0) break;
    const amountCents = Math.min(rest, Math.max(0, payment.refundableCents));
    if (amountCents <= 0) continue;
    parts.push({ paymentId: payment.paymentId, amountCents });
    rest -= amountCents;
  }
  return parts;
}

/** One line as one part of a split return writes it: a part of its worth and tax, its quantity once. */
export type SplitLine = LineRefundPart;

/**
 * The lines each part of a split return writes, so each refund's lines add up to its amount and
 * each line's parts to its worth and its tax, to the cent: the lines' worths laid end to end are cut
 * where each part's amount ends. A line's quantity goes with the part its worth starts in (the
 * others carry 0 of it: the rest of its money); its tax is cut as its money is. `amounts` add up to
 * what the lines are worth.
 */
export function splitLines(lines: readonly LineRefundPart[], amounts: readonly number[]): SplitLine[][] {
  const parts: SplitLine[][] = amounts.map(() => []);
  let lineStart = 0;
  for (const line of lines) {
    const lineEnd = lineStart + line.amountCents;
    let partStart = 0;
    let quantityGiven = false;
    amounts.forEach((amount, index) => {
      const partEnd = partStart + amount;
      const from = Math.max(partStart, lineStart) - lineStart;
      const to = Math.min(partEnd, lineEnd) - lineStart;
      const last = index === amounts.length - 1;
      // A line worth nothing (or past every part) still comes back: with the part it starts in, or the last.
      const holdsStart = !quantityGiven && (lineStart < partEnd || last);
      if (to > from || holdsStart) {
        const share = (cents: number, at: number) =>
          line.amountCents <= 0 ? 0 : Math.floor((cents * Math.max(0, at)) / line.amountCents);
        parts[index]!.push({
          itemId: line.itemId,
          quantityMilli: holdsStart ? line.quantityMilli : 0,
          amountCents: Math.max(0, to - from),
          taxCents: to > from ? share(line.taxCents, to) - share(line.taxCents, from) : 0,
        });
        quantityGiven ||= holdsStart;
      }
      partStart = partEnd;
    });
    lineStart = lineEnd;
  }
  return parts;
}
