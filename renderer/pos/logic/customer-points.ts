import type { CustomerLoyalty } from '../../../shared/contracts/loyalty';
import { ApiError } from '../../common/http';
import { asSentence } from '../../common/refusal';
import { expiresWords } from '../../../shared/loyalty/expiry';
import { pointsCount, pointsWords } from '../../../shared/loyalty/loyalty-words';

/** The points of the customer on a sale as the POS words them (README "Loyalty"). */

const count = (points: number) => points.toLocaleString('en-US');
const pointsWord = pointsCount;

/** A first name only: the cashier greets, the display shows it to the queue. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** "1,420 points ($14.20)": a balance and what it is worth in reward dollars. */
export const balanceWords = (loyalty: Pick<CustomerLoyalty, 'points' | 'rewardCents'>): string =>
  pointsWords(loyalty.points, loyalty.rewardCents);

/** "Gold — 80 points to Platinum", "Gold", "80 points to Silver", or '' for a programme without tiers. */
export function tierWords(loyalty: Pick<CustomerLoyalty, 'tier' | 'nextTier'>): string {
  const next = loyalty.nextTier ? `${pointsWord(loyalty.nextTier.pointsToGo)} to ${loyalty.nextTier.name}` : '';
  return [loyalty.tier?.name ?? '', next].filter(Boolean).join(' — ');
}

/** "expires Jan 3, 2027" (unless they earn or spend points first), or '' when the balance never expires. */
export const expiryNote = (loyalty: Pick<CustomerLoyalty, 'expiresAt'>): string =>
  loyalty.expiresAt ? expiresWords(loyalty.expiresAt) : '';

/**
 * The reward dollars (cents) "Use points" fills in: what the balance covers, at most what the sale
 * costs before any reward dollars (`total` of the quote with its reward dollars, negative, added back).
 */
export function usableRewardCents(rewardCents: number, totalCents: number, rewardOnSaleCents: number): number {
  const beforeReward = totalCents + Math.abs(rewardOnSaleCents);
  return Math.max(0, Math.min(rewardCents, beforeReward));
}

/**
 * The service's refusal of a sale's reward dollars, as the Reward dollars field shows it, or null
 * for any other failure. "rewardDollars Maria has 300 points (…); $5.00 was asked" → "Maria has 300
 * points (…); $5.00 was asked."; a rule about the field itself keeps its name ("Reward dollars are paid…").
 */
export function rewardRefusal(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 400) return null;
  const match = /^rewardDollars (.+)$/s.exec(failure.message);
  if (!match) return null;
  const rule = match[1]!;
  return asSentence(/^(are|is|may|must|should) /.test(rule) ? `Reward dollars ${rule}` : rule);
}

/** The refusal that says the store runs a programme: reward dollars need a named customer. */
export const needsCustomer = (failure: unknown): boolean =>
  failure instanceof ApiError && /^rewardDollars are paid with a customer's loyalty points/.test(failure.message);

/** "Maria earned 92 points · balance 1,512": what a paid sale earned (its `earned` entry) and the new balance. */
export function earnedWords(firstName: string, loyalty: CustomerLoyalty, orderId: string): string {
  const earned = loyalty.entries
    .filter((entry) => entry.orderId === orderId && entry.kind === 'earned')
    .reduce((sum, entry) => sum + entry.points, 0);
  const who = firstNameOf(firstName) || 'The customer';
  const what = earned > 0 ? `earned ${pointsWord(earned)}` : 'earned no points on this sale';
  return `${who} ${what} · balance ${count(loyalty.points)}`;
}
