import type { LoyaltyProgramme, LoyaltyTier } from '../contracts/loyalty.js';
import { categoryLabel } from '../labels.js';
import { formatMoney } from '../money.js';

const count = (n: number) => n.toLocaleString('en-US');

/** "Silver 500, Gold 1,000 +25%": tiers as the audit trail says them (a bonus only where there is one). */
function tiersWords(tiers: readonly LoyaltyTier[]): string {
  if (tiers.length === 0) return 'none';
  return tiers
    .map((tier) => `${tier.name} ${count(tier.minPoints)}${tier.bonusPercent > 0 ? ` +${tier.bonusPercent}%` : ''}`)
    .join(', ');
}

const months = (n: number | undefined) => (n ? `after ${n} month${n === 1 ? '' : 's'}` : 'never');

/** Each part of a programme a manager sets: its words in the trail, and its value in words. */
const PARTS: readonly { name: string; words: (p: LoyaltyProgramme) => string }[] = [
  { name: 'programme', words: (p) => (p.enabled ? 'on' : 'off') },
  { name: 'points per dollar', words: (p) => count(p.pointsPerDollar) },
  { name: 'points a reward dollar', words: (p) => count(p.pointsPerRewardDollar) },
  // "points earned on every category → all but Accessories": the categories left out said as such,
  // never "no points on none".
  {
    name: 'points earned on',
    words: (p) =>
      p.excludedTypes.length ? `all but ${p.excludedTypes.map(categoryLabel).join(', ')}` : 'every category',
  },
  { name: 'tiers', words: (p) => tiersWords(p.tiers) },
  { name: 'offline spend', words: (p) => formatMoney(p.offlineSpendCents) },
  { name: 'points expire', words: (p) => months(p.expiryMonths) },
];

/**
 * "points per dollar 1 → 2; tiers none → Silver 500, Gold 1,000": what a change of a store's
 * loyalty programme changed, part by part, for the audit trail; '' when it changed nothing.
 */
export function programmeChangeWords(before: LoyaltyProgramme, after: LoyaltyProgramme): string {
  return PARTS.flatMap(({ name, words }) => {
    const was = words(before);
    const is = words(after);
    return was === is ? [] : [`${name} ${was} → ${is}`];
  }).join('; ');
}
