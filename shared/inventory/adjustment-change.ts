import { invalidInput } from '../errors.js';
import { fromMilli, quantityText, toMilli } from '../quantity.js';
import { QUANTITY_MAX_MILLI, QUANTITY_MAX_UNITS } from '../numbers.js';

/** The most a package holds, as people read it. */
const MOST = QUANTITY_MAX_UNITS.toLocaleString('en-US');

/** What a person asks of a package's stock: a change (`delta`), or what they counted (`quantity`). */
export interface AdjustmentAsk {
  delta?: number;
  quantity?: number;
}

/** What the package is sold in, for the check of whole units. */
export interface Measured {
  /** Weighed at the counter: any thousandth of a gram; otherwise whole units. */
  deli: boolean;
}

/**
 * Why part of a unit is refused for a product sold by the unit (not weighed at the counter, whatever
 * its unit's size is written in): "must be whole units: Blue Dream (FLW-001) is sold by the unit, not by the gram".
 */
export function wholeUnits(what: string): string {
  return `must be whole units: ${what} is sold by the unit, not by the gram`;
}

/**
 * The signed change in thousandths a request asks for, given the package's stock on hand: `delta`
 * as it is, or `quantity` minus what is on hand. Refused in words (naming the field) when both or
 * neither are given, when it is not a number of at most three decimals, when it changes nothing,
 * when a counted product gets part of a unit, or when it would leave less than nothing on hand
 * or more than a package holds (a billion).
 *
 * Why never below zero: stock on hand is never negative here. Units registers sold offline beyond
 * what the store had are kept as the orders' shortfall (`short`), not as stock below zero; a
 * package so sold out has 0 on hand, and its adjustment is a count of what is physically there
 * (0 or more), which keeps those orders' claims (catalog/package-stock.ts claimsSplitAt).
 */
export function adjustmentDelta(ask: AdjustmentAsk, onHandMilli: number, measured: Measured, what: string): number {
  const given = (['delta', 'quantity'] as const).filter((field) => ask[field] !== undefined && ask[field] !== null);
  if (given.length !== 1) {
    throw invalidInput('delta', 'or quantity must be given, one of them: a change such as -2, or the quantity counted');
  }
  const field = given[0]!;
  const value = ask[field]!;
  const milli = typeof value === 'number' ? toMilli(value) : undefined;
  if (milli === undefined) {
    throw invalidInput(field, `must be a number with at most three decimals, not "${String(value)}"`);
  }
  if (Math.abs(milli) > QUANTITY_MAX_MILLI) {
    throw invalidInput(
      field,
      `must be at most ${MOST} either way (a package holds at most a billion), not ${String(value)}`,
    );
  }
  if (!measured.deli && milli % 1000 !== 0) {
    throw invalidInput(field, wholeUnits(what));
  }
  if (field === 'quantity' && milli < 0) throw invalidInput('quantity', 'counted cannot be below zero');
  const delta = field === 'delta' ? milli : milli - onHandMilli;
  if (delta === 0) {
    throw invalidInput(
      field,
      field === 'delta' ? 'must not be zero: an adjustment changes the stock' : `is what ${what} has on hand already`,
    );
  }
  // Grams named for a product weighed at the counter: "24 g on hand", never a bare 24 of them.
  const onHand = `${quantityText(fromMilli(onHandMilli))}${measured.deli ? ' g' : ''}`;
  if (onHandMilli + delta > QUANTITY_MAX_MILLI) {
    throw invalidInput(field, `would leave ${what} with more than a package holds (${MOST}): it has ${onHand} on hand`);
  }
  if (onHandMilli + delta < 0) {
    throw invalidInput(
      field,
      `would leave less than nothing: ${what} has ${onHand} on hand, so at most ${onHand} can be taken off`,
    );
  }
  return delta;
}

/**
 * Whether the store's policy asks for a manager's PIN for a change of `deltaMilli`: `pinAboveMilli`
 * null never, 0 always (a change is never 0), N when the change (either way) is more than N thousandths.
 */
export function needsManagerPin(pinAboveMilli: number | null, deltaMilli: number): boolean {
  return pinAboveMilli !== null && Math.abs(deltaMilli) > pinAboveMilli;
}
