/**
 * Discounts a cashier gives by hand (README "Manual discounts"), priced after the deals on what they
 * left: off one product's line or off the whole sale, a percent or an amount. Never past a line's
 * floor (the state's least price) nor below zero. Those off a line come first, then those off the
 * sale, each in the order given; a sale's share goes to its lines in proportion to what each comes to
 * (largest remainder, so the shares add up to the cent).
 */
import { ServicePayError } from '../errors.js';
import { divideRoundHalfUp, formatMoney, type Cents } from '../money.js';
import { spreadCapped } from './units.js';

/** A manual discount, its amount in cents. */
export interface ManualCents {
  /** The product whose line it is off; null: the whole sale. */
  productId: string | null;
  percent: number | null;
  amountCents: Cents | null;
  reason: string;
}

/** A line as manual discounts find it: what it comes to after deals, and its floor. */
export interface ManualLine {
  productId: string;
  /** The product's name, for the refusals' words. */
  name: string;
  amountCents: Cents;
  floorCents: Cents;
}

/** What the manual discounts took: per line (in the input's order) and per discount (in theirs). */
export interface ManualOutcome {
  lines: Cents[];
  taken: Cents[];
}

/**
 * `strict` (a new ticket): a discount naming a product not on it, or an amount larger than what it
 * is off, is refused in words. Otherwise (a ticket priced again after a change of its lines), such a
 * discount takes what is there: nothing, or all down to the floor.
 */
export function applyManual(
  lines: readonly ManualLine[],
  discounts: readonly ManualCents[],
  strict: boolean,
): ManualOutcome {
  const left = lines.map((line) => line.amountCents);
  const room = (index: number) => Math.max(left[index]! - Math.max(lines[index]!.floorCents, 0), 0);
  const taken = discounts.map(() => 0);
  const order = discounts.map((_, index) => index);
  order.sort((a, b) => Number(discounts[a]!.productId === null) - Number(discounts[b]!.productId === null) || a - b);
  for (const at of order) {
    const discount = discounts[at]!;
    const field = `manualDiscounts[${at}]`;
    const indexes =
      discount.productId === null
        ? lines.map((_, index) => index)
        : lines.flatMap((line, index) => (line.productId === discount.productId ? [index] : []));
    if (indexes.length === 0) {
      if (strict) refuse(`${field}.productId`, 'The product of a manual discount is not on the ticket');
      continue;
    }
    const base = indexes.reduce((sum, index) => sum + left[index]!, 0);
    const what = discount.productId === null ? 'the sale' : lines[indexes[0]!]!.name;
    let wanted: Cents;
    if (discount.percent !== null) wanted = divideRoundHalfUp(base * discount.percent, 100);
    else {
      wanted = discount.amountCents ?? 0;
      if (strict && wanted > base) {
        refuse(
          `${field}.amount`,
          `A manual discount of ${formatMoney(wanted)} is more than ${what} comes to (${formatMoney(base)})`,
        );
      }
    }
    const shares = spreadCapped(
      wanted,
      indexes.map((index) => left[index]!),
      indexes.map(room),
    );
    shares.forEach((share, at2) => (left[indexes[at2]!]! -= share));
    taken[at] = shares.reduce((sum, share) => sum + share, 0);
  }
  return { lines: lines.map((line, index) => line.amountCents - left[index]!), taken };
}

/**
 * Whether a cashier's manual discounts need a manager's PIN (the store's `manualDiscountPinAbove`):
 * null never; 0 whenever they take anything; N when together they take more than N % of what the
 * sale came to after deals.
 */
export function manualNeedsApproval(pinAbovePercent: number | null, takenCents: Cents, saleCents: Cents): boolean {
  if (pinAbovePercent === null || takenCents <= 0) return false;
  return takenCents * 100 > pinAbovePercent * saleCents;
}

/** The policy in words, for a refusal: "manual discounts over 10% of the sale". */
export function approvalWords(pinAbovePercent: number): string {
  return pinAbovePercent === 0 ? 'every manual discount' : `manual discounts over ${pinAbovePercent}% of the sale`;
}

/** Checks one discount as typed: a percent or an amount, not both, and a reason. */
export function checkManual(discount: ManualCents, at: number): void {
  const field = `manualDiscounts[${at}]`;
  if ((discount.percent === null) === (discount.amountCents === null)) {
    refuse(field, 'A manual discount is a percent off or an amount off: give one of them');
  }
  if (discount.reason.trim() === '') refuse(`${field}.reason`, 'A manual discount needs its reason');
}

function refuse(field: string, words: string): never {
  throw new ServicePayError('INVALID_INPUT', words, { field });
}
