/** What the search (search.ts) weighs: a deal with the lines it reads, and a combination priced. */
import type { Deal } from './deal.js';
import type { DealLines } from './kinds.js';

/** A deal that may apply to this cart, with the lines it reads. */
export interface Candidate {
  deal: Deal;
  lines: DealLines;
}

/** One allowed combination priced: what each deal took off each line. */
export interface Evaluation {
  byDeal: Map<Candidate, Map<number, number>>;
  total: number;
}
