import type { Deal } from '../../../shared/deals/deal.js';
import type { Queryable } from '../db/query.js';
import type { DealUses } from '../tickets/deal-uses.js';

/** True when the deal's uses are limited (in all or per customer): only then are they counted (deal_uses). */
export const limited = (deal: Deal) => deal.totalLimit !== null || deal.perCustomerLimit !== null;

/**
 * The uses so far of each of `deals` with a limit (none: 0), as a sale counts them in all (the
 * store's orders that got it, not canceled, and the uses attached registers hold at `now`): one
 * query for all of them, none when no deal has a limit. A deal without a limit is left out.
 */
export async function usesSoFar(
  uses: DealUses,
  q: Queryable,
  dispensaryId: string,
  deals: readonly Deal[],
  now: Date,
): Promise<Map<string, number>> {
  const ids = deals.filter(limited).map((deal) => deal.id);
  if (ids.length === 0) return new Map();
  const counted = await uses.counted(q, dispensaryId, { inAll: ids, byCustomer: [] }, null, undefined, now);
  return new Map(ids.map((id) => [id, counted.get(id)?.all ?? 0]));
}
