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
 * A sale's reward dollars, in cents: those `asked` (typed at the POS, a ticket's `rewardDollars`)
 * and those it `takes`: at most what it comes to, the part the customer's points pay.
 */
export interface RewardAsked {
  asked: number;
  takes: number;
}

/** Reward dollars the sale takes all of (a state change of an order: nothing more was asked). */
export const takenAll = (cents: number): RewardAsked => ({ asked: cents, takes: cents });

/**
 * The reward dollars asked, and when the sale takes fewer, what it takes (the points are for
 * those): "$50.00 (this sale takes $26.00 of them)". The person asked for the first amount: words
 * naming only the second would not be what they typed.
 */
export function rewardAskedWords({ asked, takes }: RewardAsked): string {
  return asked > takes ? `${formatMoney(asked)} (this sale takes ${formatMoney(takes)} of them)` : formatMoney(takes);
}

/**
 * The words of a short balance, after the field they are about (`rewardDollars`): "of $10.00 need
 * 1,000 points; Jane has 420 points ($4.20 in reward dollars)", or, asked more than the sale comes
 * to, "of $50.00 (this sale takes $26.00 of them) need 2,600 points; …". An API client reads them
 * after the field's name, a screen after its label ("Reward dollars of $10.00 need …").
 */
export function shortBalanceWords(
  programme: LoyaltyProgramme,
  who: string,
  balance: number,
  reward: RewardAsked,
): string {
  const worth = formatMoney(rewardCentsOf(programme, balance));
  const needed = pointsCount(pointsForReward(programme, reward.takes));
  return `of ${rewardAskedWords(reward)} need ${needed}; ${who} has ${pointsCount(balance)} (${worth} in reward dollars)`;
}

/** A problem of a programme's tiers: its words, and the field it is about (each tier's, in `rows`). */
export interface TierProblem {
  words: string;
  /** A tier's name or the points it starts at (in the tiers of `rows`), or the points per dollar. */
  field: 'name' | 'minPoints' | 'pointsPerDollar';
  rows: number[];
}

/** Problems of a programme's tiers, each with the field it is about (none: it may be saved). */
export function tierProblems(programme: LoyaltyProgramme): TierProblem[] {
  const problems: TierProblem[] = [];
  const names = new Map<string, number>();
  const minimums = new Map<number, number>();
  programme.tiers.forEach((tier, row) => {
    const name = tier.name.trim();
    if (name === '') problems.push({ words: 'every tier needs a name', field: 'name', rows: [row] });
    const namesake = names.get(name.toLowerCase());
    if (namesake !== undefined) {
      problems.push({ words: `two tiers are named "${name}"`, field: 'name', rows: [namesake, row] });
    }
    const alike = minimums.get(tier.minPoints);
    if (alike !== undefined) {
      problems.push({ words: `two tiers start at ${tier.minPoints} points`, field: 'minPoints', rows: [alike, row] });
    }
    if (namesake === undefined) names.set(name.toLowerCase(), row);
    if (alike === undefined) minimums.set(tier.minPoints, row);
  });
  if (programme.enabled && programme.pointsPerDollar === 0 && programme.tiers.length > 0) {
    const words = 'a programme earning 0 points per dollar never reaches a tier';
    problems.push({ words, field: 'pointsPerDollar', rows: [] });
  }
  return problems;
}

/** Problems of a programme, in words (none: it may be saved). */
export function programmeProblems(programme: LoyaltyProgramme): string[] {
  return tierProblems(programme).map((problem) => problem.words);
}
