import type { DealUsesAsked, DealUsesLeft } from '../../../shared/contracts/register-deal-uses.js';
import type { LineDiscount } from '../../../shared/deals/cart.js';
import type { DealPricing } from './sale-deals.js';

/**
 * On a register attached to a store server: the uses left at the server of the store's deals with
 * limits (README "Deals"), for a quote or a menu; null when the server does not answer now (the
 * register counts its own, as offline). On the server and a standalone register, absent.
 */
export interface ServerDealUses {
  usesLeft(ask: { customerId: string | null; dealIds: readonly string[] }): Promise<ReadonlyMap<string, number> | null>;
}

/**
 * What a register's sale asks its server about deals with limits, with its hold: every deal of the
 * store with a limit (its uses left there, for the write to price with), and those the planned sale
 * used (a use of each held there). Undefined when the store has no deal with a limit running.
 */
export function dealUsesAsk(
  deals: DealPricing | null,
  items: readonly { dealDiscounts: readonly LineDiscount[] }[],
  customerId: string | null,
): DealUsesAsked | undefined {
  const limited = deals?.context.usesLeft;
  if (!limited || limited.size === 0) return undefined;
  const using = new Set<string>();
  for (const item of items) for (const { dealId } of item.dealDiscounts) if (limited.has(dealId)) using.add(dealId);
  return { customerId, dealIds: [...limited.keys()], using: [...using] };
}

/** The uses left a hold's answer gave, by deal (undefined: none were asked, or nothing was held). */
export function usesLeftOf(answer: readonly DealUsesLeft[] | undefined): ReadonlyMap<string, number> | undefined {
  return answer ? new Map(answer.map((deal) => [deal.dealId, deal.usesLeft])) : undefined;
}
