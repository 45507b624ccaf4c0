import type { MilliQuantity } from '../quantity.js';
import type { GroupUnit } from './profiles/schema.js';

/**
 * A line as the purchase limits see it: what it is and how much cannabis it holds, in integers.
 * `limitLine` makes one from a product's measures and the quantity sold (thousandths, as orders
 * store it: shared/quantity.ts); the server does it for past orders and tickets, the POS for its cart.
 */

/** One line of a cart or of a past purchase, measured for the limits. */
export interface LimitLine {
  /** A compliance category: the product's type ("FLOWER", "EDIBLE", "IMMATURE_PLANT"…). */
  category: string;
  /** Whole units on the line (plants are counted). */
  units: number;
  /** Cannabis weight of the whole line, in milligrams: what counts toward weight limits. */
  weightMg: number;
  /** THC of the whole line, in milligrams. */
  thcMg: number;
  /** The product's name, for messages. */
  name?: string;
}

/**
 * What a product carries for the limits (proposed product fields; see shared/compliance/README.md).
 * `cannabisWeightMg` is the weight that counts toward limits: the net weight of flower, the weight of
 * concentrate in a concentrate, vape or infused product. Both are per unit, or per gram for deli items.
 */
export interface CannabisMeasures {
  category: string;
  cannabisWeightMg: number;
  thcMg: number;
  /** Sold by weight: the quantity is grams, and the weight sold is the cannabis weight. */
  deli?: boolean;
  name?: string;
}

function integer(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of at least 0`);
  return value;
}

/** A line of `quantity` (thousandths of a unit, or milligrams of a deli item) of `product`. */
export function limitLine(product: CannabisMeasures, quantity: MilliQuantity): LimitLine {
  integer(quantity, 'The quantity in thousandths');
  integer(product.cannabisWeightMg, 'The cannabis weight in milligrams');
  integer(product.thcMg, 'The THC in milligrams');
  const name = product.name === undefined ? {} : { name: product.name };
  if (product.deli) {
    // Thousandths of a gram are milligrams; THC per gram is rounded up, never under-counted.
    const thcMg = Math.ceil((product.thcMg * quantity) / 1000);
    return { category: product.category, units: 1, weightMg: quantity, thcMg, ...name };
  }
  if (quantity % 1000 !== 0) throw new RangeError('A counted product is sold in whole units');
  const units = quantity / 1000;
  return {
    category: product.category,
    units,
    weightMg: units * product.cannabisWeightMg,
    thcMg: units * product.thcMg,
    ...name,
  };
}

/** Checks a line's amounts are whole numbers of at least 0 (a float here is a caller's mistake). */
export function checkLineAmounts(line: LimitLine): void {
  integer(line.units, 'A line\u2019s units');
  integer(line.weightMg, 'A line\u2019s cannabis weight in milligrams');
  integer(line.thcMg, 'A line\u2019s THC in milligrams');
}

/** "28.5 g", "0.4 g", "226.796 g" (weights); "800 mg THC"; "6" (counts). */
export function formatAmount(amount: number, unit: GroupUnit): string {
  if (unit === 'count') return String(amount);
  if (unit === 'thc_mg') return `${amount} mg THC`;
  const grams = Math.floor(amount / 1000);
  const milligrams = String(amount % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return `${grams}${milligrams ? `.${milligrams}` : ''} g`;
}
