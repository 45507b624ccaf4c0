import { formatMoney } from '../money.js';

/** A stock value's figures (README "Stock value"; the inventory value report's too). */
export interface CostCoverage {
  products: number;
  quantityMilli: number;
  retailCents: number;
  withoutCost: number;
  quantityWithoutCostMilli: number;
  retailWithoutCostCents: number;
}

/** Thousandths as people read a quantity: 2297650 → "2,297.65". */
const quantity = (milli: number) => (milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });

const products = (count: number) => `${count} product${count === 1 ? '' : 's'}`;

/**
 * What the value at cost covers, in words, for the CLI, the back office's Stock value and its
 * Inventory value report alike; '' when every cost is known. Quantities are the products' units
 * (grams for those weighed at the counter), as the stock is counted.
 */
export function costCoverageWords(f: CostCoverage): string {
  if (f.quantityWithoutCostMilli === 0) return '';
  const covered = f.quantityMilli - f.quantityWithoutCostMilli;
  if (covered === 0) {
    return (
      `No stock on hand has a known cost: its ${quantity(f.quantityMilli)} (units, grams when weighed) count for ` +
      `nothing at cost, and none of the ${products(f.products)} in stock has a cost.`
    );
  }
  const lead =
    `The value at cost is of the stock whose cost is known: ${quantity(covered)} of the ` +
    `${quantity(f.quantityMilli)} on hand (units, grams when weighed), ` +
    `${formatMoney(f.retailCents - f.retailWithoutCostCents)} at price.`;
  const one = f.quantityWithoutCostMilli === 1000;
  const rest =
    `${quantity(f.quantityWithoutCostMilli)} on hand (${formatMoney(f.retailWithoutCostCents)} at price) ` +
    `${one ? 'is' : 'are'} in packages without a known cost and count${one ? 's' : ''} for nothing at cost.`;
  const none =
    f.withoutCost === 0
      ? ''
      : ` ${f.withoutCost} of the ${products(f.products)} in stock ${f.withoutCost === 1 ? 'has' : 'have'} no cost on any of ${f.withoutCost === 1 ? 'its' : 'their'} stock.`;
  return `${lead} ${rest}${none}`;
}
