/** Prices a cart with deals in one call, and reads an outcome by line key, for the engine's tests. */
import { compileDeals, type DealContext, type DealLine, type DealOutcome } from '../../../shared/deals/engine.js';
import type { Deal } from '../../../shared/deals/deal.js';
import { context } from './deal-fixtures.js';

/** The outcome of `deals` on `lines` (Wednesday noon, an adult-use customer, unless `ctx` says). */
export function priced(
  deals: readonly Deal[],
  lines: readonly DealLine[],
  ctx: Partial<DealContext> = {},
): DealOutcome {
  return compileDeals(deals).apply(lines, context(ctx));
}

/** Each line's discount by key: `{ a: 260, b: 200 }`. */
export function offByLine(outcome: DealOutcome): Record<string, number> {
  return Object.fromEntries(outcome.lines.map((line) => [line.key, line.discountCents]));
}

/** What each deal took off each line: `{ a: { d1: 200 } }`. */
export function offByDeal(outcome: DealOutcome): Record<string, Record<string, number>> {
  return Object.fromEntries(
    outcome.lines.map((line) => [line.key, Object.fromEntries(line.discounts.map((d) => [d.dealId, d.amountCents]))]),
  );
}
