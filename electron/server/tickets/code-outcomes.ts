import type { OrderCode } from '../../../shared/contracts/order-history.js';
import { dealTotals, type LineDiscount } from '../../../shared/deals/engine.js';
import { MANUAL_DEAL_ID } from '../../../shared/deals/line-discounts.js';

/** A deal of the store as it is now, for what the codes of an order sold earlier took off. */
export interface DealNow {
  id: string;
  /** Its promo code now; null: none, or archived (an archived deal's code is freed). */
  code: string | null;
  trigger: string;
  /** Written since the order was priced (changed, paused or archived): its code then may not be its code now. */
  changedSince: boolean;
}

type Took = ReturnType<typeof dealTotals>[number];

const applied = (code: string, deals: readonly Took[]): OrderCode => ({
  code,
  outcome: 'applied',
  amount: deals.reduce((sum, deal) => sum + deal.amountCents, 0),
  deals: deals.map((deal) => deal.name),
});

/**
 * What each promo code typed took off an order, told from what the order keeps (its lines' deal
 * discounts, by deal id and the name the deal had then) and the store's deals now (`deals`: those
 * of the order's lines and those holding a typed code). A code applied when a deal holding it took
 * something off a line. A code deal of the order whose code is not known now (archived since,
 * its code changed, or no longer found) may have been unlocked by any code not otherwise told: a
 * code held since before the sale by a deal that took nothing did not apply; the one code left
 * with the one such deal is its; any other is `unknown`, never said to have applied or not. A deal's
 * trigger is taken as it is now (archiving keeps it; a code deal turned automatic is not foreseen).
 */
export function codeOutcomes(
  typed: readonly string[],
  discounts: readonly LineDiscount[],
  deals: readonly DealNow[],
): OrderCode[] {
  const took = dealTotals(discounts.filter((discount) => discount.dealId !== MANUAL_DEAL_ID));
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  const holder = new Map(deals.flatMap((deal) => (deal.code === null ? [] : [[deal.code, deal] as const])));
  const typedCodes = new Set(typed);
  const byCode = new Map<string, Took[]>();
  const open: Took[] = [];
  for (const entry of took) {
    const deal = byId.get(entry.dealId);
    if (deal?.code && typedCodes.has(deal.code)) byCode.set(deal.code, [...(byCode.get(deal.code) ?? []), entry]);
    else if (!deal || deal.trigger === 'code') open.push(entry);
  }
  // A code held by a deal unchanged since the sale was that deal's then, and it took nothing.
  const heldThen = (code: string) => holder.has(code) && !holder.get(code)!.changedSince;
  const untold = typed.filter((code) => !byCode.has(code) && open.length > 0 && !heldThen(code));
  const [only] = open;
  const deduced = untold.length === 1 && open.length === 1 && byId.get(only!.dealId)?.trigger === 'code';
  return typed.map((code): OrderCode => {
    const deals = byCode.get(code) ?? (deduced && untold[0] === code ? open : undefined);
    if (deals) return applied(code, deals);
    if (untold.includes(code)) return { code, outcome: 'unknown', amount: 0, deals: open.map((deal) => deal.name) };
    return { code, outcome: 'not_applied', amount: 0, deals: [] };
  });
}
