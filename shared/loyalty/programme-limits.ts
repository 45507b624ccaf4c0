import {
  OFFLINE_SPEND_MAX_CENTS,
  POINTS_PER_DOLLAR_MAX,
  POINTS_PER_REWARD_DOLLAR_MAX,
  TIER_BONUS_MAX,
  TIER_POINTS_MAX,
  TIERS_MAX,
  type LoyaltyProgramme,
} from '../contracts/loyalty.js';
import { formatMoney } from '../money.js';

/** A number of a programme outside what it may be: the field and why, in words. */
export interface LimitProblem {
  field: string;
  words: string;
}

const whole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;
const count = (value: number) => value.toLocaleString('en-US');

/**
 * The first of a programme's numbers outside its range (the API's schema says the same; the
 * command line and a settings import reach the service without it), or null. A reward dollar of 0
 * points would give reward dollars away; a negative rate would take points from a sale.
 */
export function programmeLimitProblem(programme: LoyaltyProgramme): LimitProblem | null {
  const { pointsPerDollar, pointsPerRewardDollar, tiers, offlineSpendCents } = programme;
  if (!whole(pointsPerDollar, 0, POINTS_PER_DOLLAR_MAX)) {
    const words = `must be a whole number of points from 0 to ${POINTS_PER_DOLLAR_MAX}, not ${pointsPerDollar}`;
    return { field: 'loyalty.pointsPerDollar', words };
  }
  if (!whole(pointsPerRewardDollar, 1, POINTS_PER_REWARD_DOLLAR_MAX)) {
    const range = `from 1 to ${count(POINTS_PER_REWARD_DOLLAR_MAX)}`;
    return {
      field: 'loyalty.pointsPerRewardDollar',
      words: `must be a whole number of points ${range} (100 makes a point worth 1¢), not ${pointsPerRewardDollar}`,
    };
  }
  if (tiers.length > TIERS_MAX) {
    return { field: 'loyalty.tiers', words: `has ${tiers.length} tiers: a programme has ${TIERS_MAX} at most` };
  }
  for (const { name, minPoints, bonusPercent } of tiers) {
    if (!whole(minPoints, 0, TIER_POINTS_MAX)) {
      const words = `"${name}" must start at a whole number of points from 0 to ${count(TIER_POINTS_MAX)}, not ${minPoints}`;
      return { field: 'loyalty.tiers', words };
    }
    if (!whole(bonusPercent, 0, TIER_BONUS_MAX)) {
      const words = `"${name}" must add a whole percent from 0 to ${TIER_BONUS_MAX}, not ${bonusPercent}`;
      return { field: 'loyalty.tiers', words };
    }
  }
  if (!whole(offlineSpendCents, 0, OFFLINE_SPEND_MAX_CENTS)) {
    const most = formatMoney(OFFLINE_SPEND_MAX_CENTS);
    return { field: 'loyalty.offlineSpendCents', words: `must be from $0.00 to ${most} of reward dollars a sale` };
  }
  return null;
}
