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
import { Scratch } from './scratch.js';
import type { Units } from './units.js';

/** What each line's units hold in all, and may lose above their floors, before any deal. */
export interface LinesAtStart {
  amount: number[];
  milli: number[];
  room: number[];
}

/** `linesAtStart`'s answer, written over for each cart: read only while that cart's deals are weighed. */
const START: LinesAtStart = { amount: [], milli: [], room: [] };

/** Read once per cart: every deal reaching a line asks it (`yielding`). Its lists are as long as the longest cart's. */
export function linesAtStart(units: Units): LinesAtStart {
  const start = START;
  for (let line = 0; line < units.ofLine.length; line += 1) {
    const mine = units.ofLine[line]!;
    let amount = 0;
    let milli = 0;
    let room = 0;
    for (const unit of mine) {
      amount += units.start[unit]!;
      milli += units.milli[unit]!;
      room += Math.max(0, units.start[unit]! - units.floor[unit]!);
    }
    start.amount[line] = amount;
    start.milli[line] = milli;
    start.room[line] = room;
  }
  return start;
}

/** True when a deal priced line by line can take something off `line` (`applyOnLine` at the start). */
function lineYields(deal: Deal, units: Units, start: LinesAtStart, line: number): boolean {
  return (
    start.room[line]! > 0 && perLine(deal, start.amount[line]!, start.milli[line]!, units.lines[line]!.weighed) > 0
  );
}

/** How many units `lines` have. */
function unitsIn(units: Units, lines: readonly number[]): number {
  let count = 0;
  for (const line of lines) count += units.ofLine[line]!.length;
  return count;
}

/** Where `dearest` orders a bundle's units (scratch.ts). */
const AMOUNTS = new Scratch((length) => new Float64Array(length));

/** The sum of the `size` dearest of the `count` units of `lines` before any deal. */
function dearest(units: Units, lines: readonly number[], count: number, size: number): number {
  const amounts = AMOUNTS.atLeast(count);
  let at = 0;
  for (const line of lines) for (const unit of units.ofLine[line]!) amounts[at++] = units.start[unit]!;
  AMOUNTS.sortFirst(count);
  let sum = 0;
  for (let dear = count - size; dear < count; dear += 1) sum += amounts[dear]!;
  return sum;
}

/**
 * The lines through which `deal` can take something off the cart: `lines` itself, or for a deal
 * priced line by line only the lines it can lower; null when it can take nothing at all. `start`:
 * the cart's `linesAtStart`, read once for all its deals.
 */
export function yielding(
  deal: Deal,
  lines: DealLines,
  units: Units,
  start: LinesAtStart = linesAtStart(units),
): DealLines | null {
  if (!pricesTogether(deal)) {
    let count = 0;
    for (const line of lines.scope) if (lineYields(deal, units, start, line)) count += 1;
    if (count === 0) return null;
    if (count === lines.scope.length) return lines;
    const scope = new Array<number>(count);
    count = 0;
    for (const line of lines.scope) if (lineYields(deal, units, start, line)) scope[count++] = line;
    return { scope, reward: lines.reward };
  }
  const pool = unitsIn(units, lines.scope);
  if (deal.kind === 'bundle') {
    const size = deal.bundleQuantity ?? 0;
    if (size < 1 || pool < size) return null;
    // The first bundle is the dearest units; a bundle is never dearer than its units.
    return dearest(units, lines.scope, pool, size) > (deal.bundlePriceCents ?? 0) ? lines : null;
  }
  // Buy X get Y: enough units bought, a reward to give, a rate above 0.
  const buy = deal.buyQuantity ?? 0;
  const get = deal.getQuantity ?? 0;
  if (buy < 1 || get < 1 || pool < buy || !((deal.percentPpm ?? 0) > 0)) return null;
  if (deal.getScope ? lines.reward.length === 0 : !fitsOwnScope(pool, buy, get)) return null;
  return lines;
}
