import type { Cents, Ppm } from './money.js';

/** One rate of a tax class as a line is taxed at it: "Cannabis excise" at 150 000 ppm. */
export interface LayerRate {
  name: string;
  ratePpm: Ppm;
}

/** An amount of tax of one layer (one named rate), in cents. */
export interface TaxLayer {
  name: string;
  amount: Cents;
}

/**
 * Splits a line's tax (computed once at the class's combined rate) into its layers, in proportion to
 * their rates, by the largest remainder: the layers always add up to `taxCents` exactly, and a layer
 * whose share is the larger fraction gets the odd cent (the first such layer on a tie).
 */
export function splitTax(taxCents: Cents, rates: readonly LayerRate[]): TaxLayer[] {
  const total = rates.reduce((sum, rate) => sum + rate.ratePpm, 0);
  if (total === 0) return taxCents === 0 ? [] : [{ name: 'Tax', amount: taxCents }];
  const shares = rates.map((rate) => {
    const exact = taxCents * rate.ratePpm;
    return { name: rate.name, amount: Math.floor(exact / total), remainder: exact % total };
  });
  let left = taxCents - shares.reduce((sum, share) => sum + share.amount, 0);
  const byRemainder = shares.map((share, index) => ({ index, remainder: share.remainder }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]!.amount += 1;
    left -= 1;
  }
  return shares.map(({ name, amount }) => ({ name, amount }));
}

/** Adds layers up by name, in the order each name first appears. */
export function sumLayers(layers: Iterable<TaxLayer>): TaxLayer[] {
  const totals = new Map<string, number>();
  for (const { name, amount } of layers) totals.set(name, (totals.get(name) ?? 0) + amount);
  return [...totals].map(([name, amount]) => ({ name, amount }));
}
