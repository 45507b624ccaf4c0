/**
 * The orders the search (search.ts) weighs by: deals by priority, candidates in the order they are
 * tried, exclusive deals in the order they take their units, and which of two combinations is
 * better for the customer.
 */
import type { Candidate, Evaluation } from './candidate.js';
import type { Deal } from './deal.js';
import { pricesTogether } from './kinds.js';
import { sortFew } from './sort-few.js';

/** Higher priority first, then by id: the order stackable deals apply in, and the tie-break. */
export function byPriority(a: Deal, b: Deal): number {
  return b.priority - a.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Deals by priority, a deal weighed line by line by its line: the order candidates are tried in. */
export function byOrder(a: Candidate, b: Candidate): number {
  const deals = a.rank !== undefined && b.rank !== undefined ? a.rank - b.rank : byPriority(a.deal, b.deal);
  return deals || (a.lines.scope[0] ?? 0) - (b.lines.scope[0] ?? 0);
}

/**
 * The order exclusive deals take their units in: bundles and buy X get Y first (they need
 * particular units), then the deals priced line by line, on the units they leave; each by priority.
 * So a set holding a bundle and a percent on the same line gives the bundle its units and the
 * percent the rest, and the set of the percent alone still gives it the whole line.
 */
export function exclusiveOrder(a: Candidate, b: Candidate): number {
  return Number(!pricesTogether(a.deal)) - Number(!pricesTogether(b.deal)) || byOrder(a, b);
}

/**
 * True when `a` is better for the customer than `b`: a larger total; on a tie, the one holding the
 * deal of highest priority (then the lowest id) that the other lacks.
 */
export function better(a: Evaluation, b: Evaluation): boolean {
  if (a.total !== b.total) return a.total > b.total;
  const inA = [...a.byDeal.keys()];
  const inB = [...b.byDeal.keys()];
  const differ = sortFew([...inA.filter((c) => !inB.includes(c)), ...inB.filter((c) => !inA.includes(c))], byOrder);
  return differ.length > 0 && inA.includes(differ[0]!);
}
