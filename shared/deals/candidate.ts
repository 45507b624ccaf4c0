/** What the search (search.ts) weighs: a deal with the lines it reads, and a combination priced. */
import type { Deal } from './deal.js';
import type { DealLines } from './kinds.js';

/** A deal that may apply to this cart, with the lines it reads. */
export interface Candidate {
  deal: Deal;
  lines: DealLines;
  /**
   * The deal's place in its book by priority (`compileDeals`): compared instead of `byPriority`,
   * which it orders as (a store's deal ids are unique), without reading the ids each time.
   */
  rank?: number;
}

/** One allowed combination priced: what each deal took off each line. */
export interface Evaluation {
  byDeal: Map<Candidate, ReadonlyMap<number, number>>;
  total: number;
}
