import type { LoyaltyEntryKind, LoyaltyProgramme } from '../contracts/loyalty.js';
import { categoryLabel } from '../labels.js';
import { formatCentsPart, formatMoney } from '../money.js';
import { expiryWords } from './expiry.js';

/** What moved a customer's points, as people say it. */
export const LOYALTY_KIND_LABELS: Record<LoyaltyEntryKind, string> = {
  earned: 'Earned',
  reversed: 'Taken back',
  spent: 'Spent',
  returned: 'Given back',
  adjusted: 'Adjusted',
  expired: 'Expired',
};

/** "1 point", "1,420 points". */
export function pointsCount(points: number): string {
  return `${points.toLocaleString('en-US')} point${Math.abs(points) === 1 ? '' : 's'}`;
}

/** The balance once a sale's reward dollars are paid (`onSale`: the points they cost, as the quote says). */
export const pointsLeft = (points: number, onSale: number): number => Math.max(0, points - onSale);

/** "300 points left after this sale": the balance a sale's reward dollars leave (the POS and the display). */
export const pointsLeftWords = (points: number, onSale: number): string =>
  `${pointsCount(pointsLeft(points, onSale))} left after this sale`;

/** "1,420 points ($14.20)": a balance and what it buys. */
export function pointsWords(points: number, rewardCents: number): string {
  return `${pointsCount(points)} (${formatMoney(rewardCents)})`;
}

/**
 * "a point is worth 1¢" for 100 points a reward dollar, "about 0.33¢" where it does not come out
 * even: the words the back office's programme form and the command line say alike.
 */
export function pointWorthWords(pointsPerRewardDollar: number): string {
  return `a point is worth ${formatCentsPart(100 / Math.max(1, pointsPerRewardDollar))}`;
}

/** A store's programme in a sentence or two, for the command line and the README's examples. */
export function programmeWords(programme: LoyaltyProgramme): string {
  if (!programme.enabled)
    return 'Loyalty: off (no points are earned; reward dollars are taken as typed, at a register approved as manual discounts are).';
  const perReward = programme.pointsPerRewardDollar;
  const excluded = programme.excludedTypes.length
    ? ` (none on ${programme.excludedTypes.map(categoryLabel).join(', ')})`
    : '';
  const tiers = programme.tiers.map(
    (tier) => `${tier.name} from ${pointsCount(tier.minPoints)}, +${tier.bonusPercent}%`,
  );
  return [
    `Loyalty: ${programme.pointsPerDollar} point${programme.pointsPerDollar === 1 ? '' : 's'} a dollar${excluded}; ` +
      `${pointsCount(perReward)} make${perReward === 1 ? 's' : ''} a reward dollar (${pointWorthWords(perReward)}).`,
    `Tiers: ${tiers.length ? tiers.join('; ') : 'none'}. ` +
      `A register offline spends at most ${formatMoney(programme.offlineSpendCents)} of reward dollars a sale.`,
    expiryWords(programme.expiryMonths),
  ].join('\n');
}
