import type { InventoryValueFigures } from '../contracts/reports.js';

/** A stock's value figures at nothing: the start of a category's or a total's sums. */
export const noValue = (): InventoryValueFigures => ({
  products: 0,
  quantityMilli: 0,
  costCents: 0,
  retailCents: 0,
  withoutCost: 0,
  quantityWithoutCostMilli: 0,
  retailWithoutCostCents: 0,
});

/**
 * Value figures added up, each the sum of the list's (a store's categories, a chain's stores): the
 * stock value's total and the inventory value report's alike.
 */
export function addValues(list: readonly InventoryValueFigures[]): InventoryValueFigures {
  const total = noValue();
  for (const figures of list)
    for (const key of Object.keys(total) as (keyof InventoryValueFigures)[]) total[key] += figures[key];
  return total;
}
