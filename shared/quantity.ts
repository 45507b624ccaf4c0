/**
 * Quantities are stored as integer thousandths of their unit (milli-units), so a weighed deli item of
 * 3.5 g is 3500 and arithmetic on stock never drifts. Counted items are whole units (multiples of 1000).
 */

/** A quantity in thousandths of its unit. */
export type MilliQuantity = number;

/** 3.5 → 3500; undefined when the number has more than three decimals or is not finite. */
export function toMilli(quantity: number): MilliQuantity | undefined {
  if (!Number.isFinite(quantity)) return undefined;
  const milli = Math.round(quantity * 1000);
  if (Math.abs(milli - quantity * 1000) > 1e-6 || !Number.isSafeInteger(milli)) return undefined;
  return milli;
}

/** 3500 → 3.5 */
export function fromMilli(milli: MilliQuantity): number {
  return milli / 1000;
}

/**
 * A quantity as people read it, its thousands grouped as money and points are, to at most three
 * decimals: 1234.5 → "1,234.5", 40 → "40", 453.592 → "453.592", -2 → "-2".
 */
export function quantityText(quantity: number): string {
  // -0.0001 rounds to nothing: "0", never "-0".
  const text = quantity.toLocaleString('en-US', { maximumFractionDigits: 3 });
  return text === '-0' ? '0' : text;
}
