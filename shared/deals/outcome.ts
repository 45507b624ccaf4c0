/**
 * The engine's answer (engine.ts `apply`) from the combination the search chose: each line's
 * discounts by deal, the deals applied, and the facts each code typed or deal chosen is worded from.
 * Built with loops and lists of just their length, no closure per deal: an `apply` on a small cart
 * allocated more here than anywhere but the search (issue 31's bench).
 */
import type { DealLine, DealOutcome, LineDiscount } from './cart.js';
import type { CodeDealFacts } from './code-words.js';
import type { Deal } from './deal.js';
import { applyDeal, type DealLines } from './kinds.js';
import { OneLine, totalOf } from './line-cents.js';
import { inScope } from './scope-index.js';
import { Scratch } from './scratch.js';
import type { Evaluation } from './search.js';
import { sortFew } from './sort-few.js';
import { freshState, unitsOf } from './units.js';

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Biggest first, then by deal id: the order of a line's discounts and of the deals applied. */
const biggestFirst = (a: { amountCents: number; dealId: string }, b: typeof a) =>
  b.amountCents - a.amountCents || text(a.dealId, b.dealId);

/** Where `outcomeLines` counts, then places, each line's discounts (scratch.ts). */
const COUNTS = new Scratch((length) => new Int32Array(length));

/** Each line's discounts from the chosen combination, in the chosen order, by canonical line. */
function discountsByLine(chosen: Evaluation, lineCount: number): LineDiscount[][] {
  const counts = COUNTS.atLeast(lineCount, true);
  for (const byLine of chosen.byDeal.values()) {
    if (byLine instanceof OneLine) counts[byLine.line] = counts[byLine.line]! + 1;
    else for (const line of byLine.keys()) counts[line] = counts[line]! + 1;
  }
  const perLine = new Array<LineDiscount[]>(lineCount);
  for (let line = 0; line < lineCount; line += 1) perLine[line] = new Array<LineDiscount>(counts[line]!);
  // Counted down as each line's list is filled: its next place is its length less the count left.
  for (const candidate of chosen.byDeal.keys()) {
    const byLine = chosen.byDeal.get(candidate)!;
    const { id: dealId, name } = candidate.deal;
    if (byLine instanceof OneLine) {
      const line = byLine.line;
      perLine[line]![perLine[line]!.length - counts[line]!] = { dealId, name, amountCents: byLine.cents };
      counts[line] = counts[line]! - 1;
      continue;
    }
    for (const line of byLine.keys()) {
      perLine[line]![perLine[line]!.length - counts[line]!] = { dealId, name, amountCents: byLine.get(line)! };
      counts[line] = counts[line]! - 1;
    }
  }
  return perLine;
}

/** What each deal took off in all (a deal priced line by line may be several candidates). */
export function tookByDeal(chosen: Evaluation): Map<Deal, number> {
  const perDeal = new Map<Deal, number>();
  for (const candidate of chosen.byDeal.keys()) {
    const took = totalOf(chosen.byDeal.get(candidate)!);
    perDeal.set(candidate.deal, (perDeal.get(candidate.deal) ?? 0) + took);
  }
  return perDeal;
}

/** The deals of the candidates `dealsApplied` has read, by the place it listed each. */
const DEALS_READ: (Deal | null)[] = [];

/**
 * The deals applied, each with what it took in all, biggest first: added up in the list itself
 * (a cart's deals are few), not in a map of their own as `tookByDeal`.
 */
function dealsApplied(chosen: Evaluation): DealOutcome['deals'] {
  const deals: DealOutcome['deals'] = [];
  for (const candidate of chosen.byDeal.keys()) {
    const took = totalOf(chosen.byDeal.get(candidate)!);
    let at = 0;
    while (at < deals.length && DEALS_READ[at] !== candidate.deal) at += 1;
    if (at < deals.length) deals[at]!.amountCents += took;
    else {
      DEALS_READ[at] = candidate.deal;
      deals.push({ dealId: candidate.deal.id, name: candidate.deal.name, amountCents: took });
    }
  }
  DEALS_READ.fill(null, 0, deals.length); // no deal kept past the call
  return sortFew(deals, biggestFirst);
}

/** Each line's discounts in the input's order (`order`: the input's index of each canonical line), and each deal's. */
export function outcomeLines(
  lines: readonly DealLine[],
  order: readonly number[],
  chosen: Evaluation,
): { lines: DealOutcome['lines']; deals: DealOutcome['deals'] } {
  const perLine = discountsByLine(chosen, order.length);
  const byInput: DealOutcome['lines'] = new Array(lines.length);
  for (let line = 0; line < order.length; line += 1) {
    const discounts = sortFew(perLine[line]!, biggestFirst);
    let discountCents = 0;
    for (const discount of discounts) discountCents += discount.amountCents;
    const input = order[line]!;
    byInput[input] = { key: lines[input]!.key, discounts, discountCents };
  }
  return { lines: byInput, deals: dealsApplied(chosen) };
}

/** What a code deal did to this cart, or what it would have done alone, for its words. */
export function codeFacts(
  deal: Deal,
  canonical: readonly DealLine[],
  chosen: Evaluation,
  perDeal: ReadonlyMap<Deal, number>,
): CodeDealFacts {
  const lines: DealLines = {
    scope: canonical.flatMap((line, index) => (inScope(deal.scope, line) ? [index] : [])),
    reward: canonical.flatMap((line, index) => (deal.getScope && inScope(deal.getScope, line) ? [index] : [])),
  };
  const units = unitsOf(canonical);
  const alone = lines.scope.length > 0 ? applyDeal(deal, lines, units, freshState(units)).total : 0;
  const shared = new Set([...lines.scope, ...lines.reward]);
  let instead: Deal | null = null;
  for (const [candidate, byLine] of chosen.byDeal) {
    if (![...byLine.keys()].some((line) => shared.has(line))) continue;
    if (!instead || perDeal.get(candidate.deal)! > perDeal.get(instead)!) instead = candidate.deal;
  }
  return { deal, tookOff: perDeal.get(deal) ?? 0, inScope: lines.scope.length > 0, alone, instead };
}
