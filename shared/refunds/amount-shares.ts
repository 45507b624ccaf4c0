/**
 * What refunds by amount gave back of each line of a sale (README "Refunds by items"): the same on
 * the service, which prices a refund by items with it, and in the reports, which share a refund by
 * amount over the same lines. Pure, in cents.
 *
 * A refund by amount (a price match) gives back part of every line not given back yet, shared over
 * them by what each still holds of its worth (largest remainder), its tax in proportion. A line given
 * back later is worth that much less (line-refund.ts), so no line gives back more than it came to:
 * its return takes its share of what refunds by amount gave back of it along (all of it with the last
 * of the line). Lines given back before a refund by amount have no part of it.
 */
import { spread } from '../deals/units.js';
import { partOf, takenOf, taxWithin, type RefundableLine } from './line-refund.js';

/** A refund of the sale, oldest first, as its lines' money reads it (earlier-refunds.ts). */
export interface EarlierRefund {
  /** What it gave back toward the sale: its money less any tip (read for a refund by amount). */
  amountCents: number;
  /** The lines it gave back (refund_lines), in thousandths; empty for a refund by amount. */
  lines: readonly { itemId: string; quantityMilli: number }[];
}

/** What refunds by amount gave back of a line's part not given back yet, and the tax within. */
export interface AmountShare {
  cents: number;
  taxCents: number;
}

/** A line as a refund by amount shares over it: its id, quantity and tax (a `RefundableLine`'s). */
export type SharedLine = Pick<RefundableLine, 'itemId' | 'quantityMilli' | 'lineTaxCents'>;

/** What is left of `cents`, a line's of `ofMilli` thousandths, once `returnedMilli` came back. */
export const unreturnedOf = (cents: number, returnedMilli: number, ofMilli: number): number =>
  Math.max(0, cents - partOf(Math.max(0, cents), returnedMilli, ofMilli));

/** The lines after some refunds: the thousandths given back of each, and what refunds by amount hold of the rest. */
interface Replayed {
  returned: number[];
  shares: AmountShare[];
}

/** `cents` by amount shared over the lines as `state` leaves them (see the file's comment). */
function shareOut(
  lines: readonly SharedLine[],
  worths: readonly number[],
  state: Replayed,
  cents: number,
): AmountShare[] {
  // What each line still holds as a return by items gives it back: its tax and the rest, each rounded apart.
  const held = lines.map((line, index) => {
    const [worth, returned] = [worths[index]!, state.returned[index]!];
    const tax = taxWithin(line, worth);
    const left =
      unreturnedOf(tax, returned, line.quantityMilli) + unreturnedOf(worth - tax, returned, line.quantityMilli);
    return Math.max(0, left - state.shares[index]!.cents);
  });
  return spread(cents, held).map((part, index) => {
    const line = lines[index]!;
    const worth = worths[index]!;
    const tax = taxWithin(line, worth);
    // Its tax in proportion (rounded half up), never past the tax left of the line, nor past its money.
    const share = state.shares[index]!;
    const taxLeft = Math.max(0, unreturnedOf(tax, state.returned[index]!, line.quantityMilli) - share.taxCents);
    // What is left of the rest (worth less tax): the part's tax is at least what the rest cannot carry,
    // so a line given back later never gives back more than it came to.
    const rest = unreturnedOf(worth - tax, state.returned[index]!, line.quantityMilli) - (share.cents - share.taxCents);
    const taxPart = worth > 0 ? Math.round((part * tax) / worth) : 0;
    const high = Math.min(taxLeft, part);
    return { cents: part, taxCents: Math.min(high, Math.max(part - Math.max(0, rest), taxPart, 0)) };
  });
}

/** The lines as `refunds` (oldest first) leave them. */
function replay(lines: readonly SharedLine[], worths: readonly number[], refunds: readonly EarlierRefund[]): Replayed {
  const state: Replayed = { returned: lines.map(() => 0), shares: lines.map(() => ({ cents: 0, taxCents: 0 })) };
  for (const refund of refunds) {
    if (refund.lines.length === 0) {
      shareOut(lines, worths, state, refund.amountCents).forEach((part, index) => {
        const share = state.shares[index]!;
        state.shares[index] = { cents: share.cents + part.cents, taxCents: share.taxCents + part.taxCents };
      });
      continue;
    }
    for (const back of refund.lines) {
      const index = lines.findIndex((line) => line.itemId === back.itemId);
      const left = index < 0 ? 0 : lines[index]!.quantityMilli - state.returned[index]!;
      if (left <= 0) continue;
      const milli = Math.min(Math.max(0, back.quantityMilli), left);
      const share = state.shares[index]!;
      const tax = takenOf(share.taxCents, milli, left);
      const rest = takenOf(share.cents - share.taxCents, milli, left);
      state.shares[index] = { cents: share.cents - tax - rest, taxCents: share.taxCents - tax };
      state.returned[index]! += milli;
    }
  }
  return state;
}

/**
 * What the refunds by amount among `refunds` (oldest first) gave back of each of `lines` (worths
 * from `lineWorths`) and the lines given back since have not taken along: each line's
 * `byAmountCents` and `byAmountTaxCents` for `lineRefundPart`.
 */
export const amountShares = (
  lines: readonly SharedLine[],
  worths: readonly number[],
  refunds: readonly EarlierRefund[],
): AmountShare[] => replay(lines, worths, refunds).shares;

/**
 * How a refund by amount of `cents` made after `refunds` (oldest first) is shared over `lines`, and
 * the tax within each part: nothing where no line holds anything of its worth any more.
 */
export const amountParts = (
  lines: readonly SharedLine[],
  worths: readonly number[],
  refunds: readonly EarlierRefund[],
  cents: number,
): AmountShare[] => shareOut(lines, worths, replay(lines, worths, refunds), cents);
