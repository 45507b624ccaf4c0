import type { SalesFigures } from '../../../shared/contracts/reports.js';
import type { RefundedLine } from './refund-lines.js';
import type { Sale } from './sales-of-rows.js';

/**
 * What `milli` thousandths of a line of `quantityMilli` that cost `costCents` cost: its share of the
 * cost as its share of the quantity, rounded half up (all of it when all of it came back).
 */
function costOfPart(costCents: number, quantityMilli: number, milli: number): number {
  if (milli <= 0 || quantityMilli <= 0) return 0;
  if (milli >= quantityMilli) return costCents;
  return Math.floor((2 * milli * costCents + quantityMilli) / (2 * quantityMilli));
}

/**
 * What the goods a refund by items put back in stock cost, by its sale's lines (their order): 0 for a
 * line none of which went back (a refund of an amount puts nothing back), null for a line whose cost
 * is not known. Goods given back and not put back in stock (destroyed, as returned cannabis usually
 * is) still cost the store: their cost stays.
 */
export function restockedCosts(sale: Sale, returned: readonly RefundedLine[]): (number | null)[] {
  return sale.lines.map((line) => {
    if (line.costCents === null) return null;
    const milli = returned.reduce((sum, back) => sum + (back.itemId === line.itemId ? back.restockedMilli : 0), 0);
    return costOfPart(line.costCents, line.quantityMilli, milli);
  });
}

/**
 * A return taken off a group's figures (README "Reports"), so that cost + margin + net without a known
 * cost = net, after returns: `cents` off the net of its line — off the margin where the line's cost is
 * known, else off the net without a known cost — and `costBack` (what the goods it put back in stock
 * cost) off the cost and back onto the margin. `costBack` is null where the line's cost is not known;
 * money given back of no sale line comes off the margin whole (no goods came back).
 */
export function takeBack(figures: SalesFigures, cents: number, costBack: number | null): void {
  figures.returnsCents += cents;
  if (costBack === null) {
    figures.netWithoutCostCents -= cents;
    return;
  }
  figures.costCents -= costBack;
  figures.marginCents -= cents - costBack;
}
