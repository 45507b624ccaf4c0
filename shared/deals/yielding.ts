/**
 * Which of a cart's deals can ever take something off it, read from the cart before any deal (the
 * search then never prices the others). Deals only lower what is left of units and take units
 * away, and what each kind takes never grows as they do: so a deal that takes nothing from the
 * whole cart at its full amounts takes nothing at any step of any choice. A store's deals reach a
 * small cart by its brands and categories (issue 31's bench: ~40 deals for 3 lines), and most of
 * those never apply to it: a weight break on a line not weighed or too light, a bundle of more
 * units than the cart has in its scope or worth less than its price, a buy X get Y short of units,
 * a fixed price above the line's. Leaving them out gives the same choice, or a better one where
 * the search was greedy only because of them (fewer exclusive deals to weigh).
 */
import type { Deal } from './deal.js';
import { fitsOwnScope, perLine, pricesTogether, type DealLines } from './kinds.js';
import type { Units } from './units.js';

/** What `line`'s units hold in all, and may lose above their floors, before any deal. */
function lineAtStart(units: Units, line: number): { amount: number; milli: number; room: number } {
  let amount = 0;
  let milli = 0;
  let room = 0;
  for (const unit of units.ofLine[line]!) {
    amount += units.start[unit]!;
    milli += units.milli[unit]!;
    room += Math.max(0, units.start[unit]! - units.floor[unit]!);
  }
  return { amount, milli, room };
}

/** True when a deal priced line by line can take something off `line` (`applyOnLine` at the start). */
function lineYields(deal: Deal, units: Units, line: number): boolean {
  const { amount, milli, room } = lineAtStart(units, line);
  return room > 0 && perLine(deal, amount, milli, units.lines[line]!.weighed) > 0;
}

/** The units of `lines`. */
function unitsIn(units: Units, lines: readonly number[]): number[] {
  const found: number[] = [];
  for (const line of lines) for (const unit of units.ofLine[line]!) found.push(unit);
  return found;
}

/** The sum of the `size` dearest units of `pool` before any deal. */
function dearest(units: Units, pool: readonly number[], size: number): number {
  const amounts = pool.map((unit) => units.start[unit]!).sort((a, b) => b - a);
  let sum = 0;
  for (let at = 0; at < size; at += 1) sum += amounts[at]!;
  return sum;
}

/**
 * The lines through which `deal` can take something off the cart: `lines` itself, or for a deal
 * priced line by line only the lines it can lower; null when it can take nothing at all.
 */
export function yielding(deal: Deal, lines: DealLines, units: Units): DealLines | null {
  if (!pricesTogether(deal)) {
    const scope = lines.scope.filter((line) => lineYields(deal, units, line));
    if (scope.length === 0) return null;
    return scope.length === lines.scope.length ? lines : { scope, reward: lines.reward };
  }
  const pool = unitsIn(units, lines.scope);
  if (deal.kind === 'bundle') {
    const size = deal.bundleQuantity ?? 0;
    if (size < 1 || pool.length < size) return null;
    // The first bundle is the dearest units; a bundle is never dearer than its units.
    return dearest(units, pool, size) > (deal.bundlePriceCents ?? 0) ? lines : null;
  }
  // Buy X get Y: enough units bought, a reward to give, a rate above 0.
  const [buy, get] = [deal.buyQuantity ?? 0, deal.getQuantity ?? 0];
  if (buy < 1 || get < 1 || pool.length < buy || !((deal.percentPpm ?? 0) > 0)) return null;
  if (deal.getScope ? lines.reward.length === 0 : !fitsOwnScope(pool.length, buy, get)) return null;
  return lines;
}
