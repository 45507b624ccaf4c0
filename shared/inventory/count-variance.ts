/**
 * The variance of an inventory count (README "Inventory counts"): each package counted is compared
 * with its stock on hand at the moment it was counted, and the difference valued at the package's
 * retail price (cost is not kept yet). Pure: the service, the command line and the back office
 * agree on every figure.
 */

/** One package of a count: what was counted and expected (thousandths; null when not counted) and its price. */
export interface CountedPackage {
  countedMilli: number | null;
  expectedMilli: number | null;
  /** Retail price of one unit (of a gram for a weighed product), in cents. */
  priceCents: number;
}

/** A package's difference: counted − expected in thousandths, and its value at retail in cents. */
export interface Variance {
  differenceMilli: number;
  valueCents: number;
}

/** The value of `milli` thousandths at `priceCents` a unit, rounded half away from zero to the cent. */
export function valueAtRetail(milli: number, priceCents: number): number {
  // A billion units at a million dollars passes 2^53: the product is taken exactly.
  const product = BigInt(milli) * BigInt(priceCents);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + 500n) / 1000n;
  return Number(product < 0n ? -rounded : rounded);
}

/** The package's variance, or null when it was not counted. */
export function varianceOf(pkg: CountedPackage): Variance | null {
  if (pkg.countedMilli === null || pkg.expectedMilli === null) return null;
  const differenceMilli = pkg.countedMilli - pkg.expectedMilli;
  return { differenceMilli, valueCents: valueAtRetail(differenceMilli, pkg.priceCents) };
}

/** A count's totals: packages in scope, counted and not, with a difference, and the values at retail. */
export interface CountTotals {
  packages: number;
  counted: number;
  notCounted: number;
  /** Counted packages whose count differs from what was expected. */
  withDifference: number;
  /** What the missing stock is worth at retail (zero or less), in cents. */
  shortCents: number;
  /** What the stock found beyond the expected is worth at retail (zero or more), in cents. */
  overCents: number;
  /** shortCents + overCents. */
  netCents: number;
}

export function countTotals(packages: readonly CountedPackage[]): CountTotals {
  const totals: CountTotals = {
    packages: packages.length,
    counted: 0,
    notCounted: 0,
    withDifference: 0,
    shortCents: 0,
    overCents: 0,
    netCents: 0,
  };
  for (const pkg of packages) {
    const variance = varianceOf(pkg);
    if (!variance) {
      totals.notCounted += 1;
      continue;
    }
    totals.counted += 1;
    if (variance.differenceMilli === 0) continue;
    totals.withDifference += 1;
    if (variance.valueCents < 0) totals.shortCents += variance.valueCents;
    else totals.overCents += variance.valueCents;
  }
  totals.netCents = totals.shortCents + totals.overCents;
  return totals;
}
