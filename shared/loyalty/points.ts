import { DEFAULT_LOYALTY, type LoyaltyProgramme, type LoyaltyTier } from '../contracts/loyalty.js';
import { formatMoney } from '../money.js';
import { pointsCount } from './loyalty-words.js';

/**
 * A loyalty programme's arithmetic (README "Loyalty"), pure, so the service, an attached register
 * offline and the POS count points alike. Points are whole; money is integer cents.
 */

/** A store's programme as stored (`dispensaries.loyalty`, JSON; null: never set up, the default's). */
export function storedProgramme(text: string | null): LoyaltyProgramme {
  return text === null ? DEFAULT_LOYALTY : { ...DEFAULT_LOYALTY, ...(JSON.parse(text) as LoyaltyProgramme) };
}

/** A line of a sale as points see it: its category and what it costs after discounts, before tax. */
export interface EarningLine {
  type: string;
  amountCents: number;
}

/** The tier `lifetimePoints` reach (the highest whose minimum they meet), or null. */
export function tierOf(programme: LoyaltyProgramme, lifetimePoints: number): LoyaltyTier | null {
  let reached: LoyaltyTier | null = null;
  for (const tier of programme.tiers) {
    if (tier.minPoints <= lifetimePoints && (reached === null || tier.minPoints > reached.minPoints)) reached = tier;
  }
  return reached;
}

/** The next tier up from `lifetimePoints`, and the points still to earn for it, or null at the top. */
export function nextTierOf(
  programme: LoyaltyProgramme,
  lifetimePoints: number,
): { name: string; pointsToGo: number } | null {
  let next: LoyaltyTier | null = null;
  for (const tier of programme.tiers) {
    if (tier.minPoints > lifetimePoints && (next === null || tier.minPoints < next.minPoints)) next = tier;
  }
  return next && { name: next.name, pointsToGo: next.minPoints - lifetimePoints };
}

/**
 * The points a sale paid in full earns: per whole dollar of its lines outside the excluded
 * categories, after the reward dollars spent on it (they earn nothing), times the tier's bonus.
 */
export function pointsEarned(
  programme: LoyaltyProgramme,
  lines: readonly EarningLine[],
  rewardCents: number,
  tier: LoyaltyTier | null,
): number {
  if (!programme.enabled) return 0;
  const excluded = new Set<string>(programme.excludedTypes);
  const eligible = lines.reduce((sum, line) => (excluded.has(line.type) ? sum : sum + line.amountCents), 0);
  const paid = Math.max(0, eligible - Math.max(0, rewardCents));
  const base = Math.floor(paid / 100) * programme.pointsPerDollar;
  return Math.floor((base * (100 + (tier?.bonusPercent ?? 0))) / 100);
}

/** The points `cents` of reward dollars cost (a part of a point costs a whole one). */
export function pointsForReward(programme: LoyaltyProgramme, cents: number): number {
  return Math.ceil((Math.max(0, cents) * programme.pointsPerRewardDollar) / 100);
}

/** What `points` are worth in reward dollars, in cents (rounded down). */
export function rewardCentsOf(programme: LoyaltyProgramme, points: number): number {
  return Math.floor((Math.max(0, points) * 100) / programme.pointsPerRewardDollar);
}

/**
 * What is left of `points` once `returnedShare` of a sale came back (0 to 1): a refund of half the
 * money leaves half the points earned (rounded down) and half the points spent (rounded up).
 */
export function keptOf(points: number, returnedShare: number, round: 'down' | 'up'): number {
  const share = Math.min(1, Math.max(0, returnedShare));
  const kept = points * (1 - share);
  // Float noise (0.1 × 3) must not cost a point: round to 6 places first.
  const clean = Math.round(kept * 1e6) / 1e6;
  return round === 'down' ? Math.floor(clean) : Math.ceil(clean);
}

/**
 * The words of a short balance, after the field they are about (`rewardDollars`): "of $10.00 need
 * 1,000 points; Jane has 420 points ($4.20 in reward dollars)". An API client reads them after the
 * field's name, a screen after its label ("Reward dollars of $10.00 need …").
 */
export function shortBalanceWords(
  programme: LoyaltyProgramme,
  who: string,
  balance: number,
  askedCents: number,
): string {
  const worth = formatMoney(rewardCentsOf(programme, balance));
  const needed = pointsCount(pointsForReward(programme, askedCents));
  return `of ${formatMoney(askedCents)} need ${needed}; ${who} has ${pointsCount(balance)} (${worth} in reward dollars)`;
}

/** Problems of a programme, in words (none: it may be saved). */
export function programmeProblems(programme: LoyaltyProgramme): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const minimums = new Set<number>();
  for (const tier of programme.tiers) {
    const name = tier.name.trim();
    if (name === '') problems.push('every tier needs a name');
    if (names.has(name.toLowerCase())) problems.push(`two tiers are named "${name}"`);
    if (minimums.has(tier.minPoints)) problems.push(`two tiers start at ${tier.minPoints} points`);
    names.add(name.toLowerCase());
    minimums.add(tier.minPoints);
  }
  if (programme.enabled && programme.pointsPerDollar === 0 && programme.tiers.length > 0) {
    problems.push('a programme earning 0 points per dollar never reaches a tier');
  }
  return problems;
}
