import { personWords } from '../../../shared/audit-words';
import type { CustomerLoyalty, LoyaltyEntry, LoyaltyTier } from '../../../shared/contracts/loyalty';
import { expiresWords } from '../../../shared/loyalty/expiry';
import { pointsCount as pointsWords, pointWorthWords } from '../../../shared/loyalty/loyalty-words';
import { formatMoney } from '../../../shared/money';
import { ungroupedOr } from '../../../shared/typed-number';

/** What moved a customer's points, for people (README "Loyalty"): the words the CLI says too. */
export { LOYALTY_KIND_LABELS as ENTRY_KIND_WORDS } from '../../../shared/loyalty/loyalty-words';

/** 1 → "1 point", 1250 → "1,250 points". */
export { pointsWords };

/** An entry's points, signed: "+250", "−1,000" (a true minus sign). */
export function signedPoints(points: number): string {
  const size = Math.abs(points).toLocaleString('en-US');
  return points < 0 ? `\u2212${size}` : `+${size}`;
}

/** "a point is worth 1¢" for 100 points a reward dollar: the command line's words too. */
export { pointWorthWords };

/** The programme's arithmetic as one sentence, said live beside its fields. */
export function programmeWords(pointsPerDollar: number, pointsPerRewardDollar: number): string {
  const earn =
    pointsPerDollar === 0 ? 'Sales earn no points' : `A customer earns ${pointsWords(pointsPerDollar)} per dollar paid`;
  const buy = pointsPerRewardDollar === 1 ? 'buys' : 'buy';
  const spend = `${pointsWords(pointsPerRewardDollar)} ${buy} a reward dollar: ${pointWorthWords(pointsPerRewardDollar)}`;
  return `${earn}; ${spend}.`;
}

/** "Gold: 25% more points" or "Bronze" (no bonus). */
export function tierWords(tier: LoyaltyTier): string {
  return tier.bonusPercent > 0 ? `${tier.name}: ${tier.bonusPercent}% more points` : tier.name;
}

/** The balance and what it is worth: "250 points, worth $2.50 in reward dollars". */
export function balanceWords(loyalty: Pick<CustomerLoyalty, 'points' | 'rewardCents'>): string {
  return `${pointsWords(loyalty.points)}, worth ${formatMoney(loyalty.rewardCents)} in reward dollars`;
}

/** "The balance expires Jan 3, 2027 unless they earn or spend points before then", or '' when it never does. */
export function expiryLine(loyalty: Pick<CustomerLoyalty, 'expiresAt'>): string {
  if (!loyalty.expiresAt) return '';
  return `The balance ${expiresWords(loyalty.expiresAt)} unless they earn or spend points before then.`;
}

/**
 * Who moved the points, as the ledger's "By" says it: the staff member's display name, else their
 * username (no longer a user); the service's own expiry and the operator at the command named so.
 */
export function entryByWords(entry: Pick<LoyaltyEntry, 'by' | 'byName'>): string {
  return entry.by === 'system' && !entry.byName ? 'ServicePay (automatic)' : personWords(entry.byName, entry.by);
}

/**
 * Where the customer stands: their tier and the next one ("No tier yet; Gold after another 250 points
 * earned from sales"). Tiers count the points sales earned, never a manager's adjustments.
 */
export function standingWords(loyalty: Pick<CustomerLoyalty, 'tier' | 'nextTier' | 'lifetimePoints'>): string {
  const now = loyalty.tier ? tierWords(loyalty.tier) : 'No tier yet';
  const earned = `Earned from sales in all: ${pointsWords(loyalty.lifetimePoints)}.`;
  if (loyalty.nextTier) {
    const { name, pointsToGo } = loyalty.nextTier;
    return `${now}; ${name} after another ${pointsWords(pointsToGo)} earned from sales. ${earned}`;
  }
  return `${loyalty.tier ? `${now} (the top tier)` : now}. ${earned}`;
}

/** A new tier row: above the highest so far, so two rows never start at the same points. */
export function newTier(tiers: readonly LoyaltyTier[]): LoyaltyTier {
  const highest = tiers.reduce((most, tier) => Math.max(most, tier.minPoints), -1);
  return { name: '', minPoints: highest < 0 ? 0 : highest + 500, bonusPercent: 0 };
}

/** An adjustment as typed, or why it cannot be sent (the field, and a sentence). */
export type AdjustmentCheck =
  { ok: true; body: { points: number; reason: string } } | { ok: false; field: 'points' | 'reason'; sentence: string };

/** Checks a manager's adjustment before it is sent: points signed and whole, not 0; a reason. */
export function checkAdjustment(pointsText: string, reason: string): AdjustmentCheck {
  // Thousands commas are read ("1,000"), any other comma refused saying why (shared/typed-number.ts).
  const read = ungroupedOr(pointsText.replace(/\s/g, '').replace('\u2212', '-'), 'Points');
  if ('sentence' in read) return { ok: false, field: 'points', sentence: read.sentence };
  const text = read.text;
  if (text === '') return { ok: false, field: 'points', sentence: 'Enter the points: 250 adds, -250 takes off.' };
  if (!/^[+-]?\d+$/.test(text)) {
    return { ok: false, field: 'points', sentence: 'Points must be a whole number: 250 adds, -250 takes off.' };
  }
  const points = Number(text);
  if (points === 0) return { ok: false, field: 'points', sentence: 'Points must add or take off at least one point.' };
  if (Math.abs(points) > 1_000_000) {
    return { ok: false, field: 'points', sentence: 'Points must be at most 1,000,000 at a time.' };
  }
  if (reason.trim() === '') {
    return {
      ok: false,
      field: 'reason',
      sentence: 'Enter a reason: say why the points change (kept in the audit trail).',
    };
  }
  return { ok: true, body: { points, reason: reason.trim() } };
}
