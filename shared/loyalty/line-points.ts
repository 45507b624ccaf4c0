import { keptOf } from './points.js';

/**
 * What refunds take back of the points a sale earned (README "Loyalty"), pure, so the service's
 * ledger and a refund's preview (the POS's return, the back office's refund) count them alike.
 */

/** A line of a sale as its points see it: what it earned on, and how much of it came back by items. */
export interface PointsLine {
  /** The order line (`order_items.id`). */
  itemId: string;
  type: string;
  /** What it cost after discounts, before tax (what the earning counted). */
  amountCents: number;
  quantityMilli: number;
  /** Thousandths of it given back by refunds by items. */
  returnedMilli: number;
}

/** The order's lines as points see them, with the thousandths of each refunds by items gave back. */
export function pointsLines(
  items: readonly {
    id: string;
    type: string;
    lineSubTotalCents: number;
    lineDiscountCents: number;
    quantityMilli: number;
  }[],
  returnedMilli: ReadonlyMap<string, number>,
): PointsLine[] {
  return items.map((item) => ({
    itemId: item.id,
    type: item.type,
    amountCents: item.lineSubTotalCents + item.lineDiscountCents,
    quantityMilli: item.quantityMilli,
    returnedMilli: returnedMilli.get(item.id) ?? 0,
  }));
}

/**
 * Each line's share of the `earned` points, as the earning computed them (shared/loyalty/points.ts
 * pointsEarned): a line of an excluded category earned none; the others share the points in
 * proportion to what they cost (the reward dollars and a tier's bonus weigh on all of them alike),
 * by largest remainders, so the shares add up to `earned` exactly.
 */
export function linePoints(earned: number, lines: readonly PointsLine[], excludedTypes: readonly string[]): number[] {
  const excluded = new Set(excludedTypes);
  const weights = lines.map((line) => (excluded.has(line.type) ? 0 : Math.max(0, line.amountCents)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (earned <= 0 || total === 0) return lines.map(() => 0);
  const shares = weights.map((weight) => Math.floor((earned * weight) / total));
  let left = earned - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (earned * weight) % total }))
    .filter((line) => weights[line.index]! > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/**
 * The points the lines given back by items take back of the `earned` ones: of each line, the share
 * of its points that came back (the sale keeps the points of what it keeps, rounded down, as a
 * refund by amount does), so steps of one line add up to its points and never past what it earned.
 */
export function pointsOfReturnedLines(
  earned: number,
  lines: readonly PointsLine[],
  excludedTypes: readonly string[],
): number {
  const shares = linePoints(earned, lines, excludedTypes);
  return lines.reduce((sum, line, index) => {
    if (line.returnedMilli <= 0 || line.quantityMilli <= 0) return sum;
    const share = shares[index]!;
    return sum + share - keptOf(share, line.returnedMilli / line.quantityMilli, 'down');
  }, 0);
}

/** A refund of the sale's payments, oldest first, as its points weigh it: its cents, and whether it named lines. */
export interface PointsRefund {
  amountCents: number;
  byItems: boolean;
}

/**
 * The points the sale keeps of the `earned` ones (README "Loyalty"), its `refunds` replayed oldest
 * first over the `chargedCents` its payments took. A refund by items takes back the points of its
 * lines (`lines`' returned thousandths); a refund by amount takes back the share of the points kept
 * that its money is of the money left when it was made, so it takes its share once, whatever comes
 * back after it: a line given back later takes its points as kept (the share of them the refunds by
 * amount left), a line that earned none takes none. All the money back, or every line, takes all;
 * never below 0, never more than earned. Rounded down once, at the end (the shares multiply exactly).
 */
export function earnedKept(
  earned: number,
  lines: readonly PointsLine[],
  excludedTypes: readonly string[],
  money: { chargedCents: number; refunds: readonly PointsRefund[] },
): number {
  const left = earned - pointsOfReturnedLines(earned, lines, excludedTypes);
  let kept = 1n;
  let of = 1n;
  let moneyLeft = money.chargedCents;
  for (const refund of money.refunds) {
    if (!refund.byItems) {
      // What the sale keeps of its points after this refund: the share of its money it keeps.
      kept *= BigInt(Math.max(0, moneyLeft - refund.amountCents));
      of *= BigInt(Math.max(0, moneyLeft));
    }
    moneyLeft -= refund.amountCents;
  }
  const allBack = money.refunds.length > 0 && moneyLeft <= 0;
  if (left <= 0 || allBack || of === 0n) return 0;
  return Number((BigInt(left) * kept) / of);
}
