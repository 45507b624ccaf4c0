/**
 * A deal's uses so far as a manager reads them beside it (README "Deals": a use is one sale), and
 * whether its uses in all are used up: counted only for a deal with a limit (deal_uses).
 */

/** What the list shows of a deal's uses. */
export interface DealUsesShown {
  /** Sales that got it so far; null: it has no limit, so they are not counted. */
  uses: number | null;
  totalLimit: number | null;
}

const usesCount = (uses: number) => `${uses.toLocaleString('en-US')} use${uses === 1 ? '' : 's'}`;

/** True when its uses in all have reached its limit: it applies to no sale any more. */
export function usedUp({ uses, totalLimit }: DealUsesShown): boolean {
  return uses !== null && totalLimit !== null && uses >= totalLimit;
}

/** Said when a change leaves a deal used up: "It was used 2 times already: it applies to no more sales." */
export function usedUpWords({ uses }: DealUsesShown): string {
  const times = uses === 1 ? 'once' : `${(uses ?? 0).toLocaleString('en-US')} times`;
  return `It was used ${times} already: it applies to no more sales.`;
}

/**
 * "Used 1 of 1: used up", "Used 3 of 100", "2 uses so far", "No uses yet"; '' for a deal without a
 * limit (its uses are not counted).
 */
export function usesWords(deal: DealUsesShown): string {
  const { uses, totalLimit } = deal;
  if (uses === null) return '';
  if (totalLimit !== null && uses > totalLimit) {
    // Its limit lowered below the uses it had: said as it is, never "2 of 1".
    return `${usesCount(uses)}, more than its limit of ${totalLimit.toLocaleString('en-US')}: used up`;
  }
  if (totalLimit !== null)
    return `Used ${uses.toLocaleString('en-US')} of ${totalLimit.toLocaleString('en-US')}${usedUp(deal) ? ': used up' : ''}`;
  return uses === 0 ? 'No uses yet' : `${usesCount(uses)} so far`;
}
