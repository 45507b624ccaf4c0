import type { CustomerLoyalty } from '../../../shared/contracts/loyalty';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket';
import { centsOf, formatMoney } from '../../common/format';
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

/**
 * The tier's two parts: its name ("Gold") and the points to the next ("80 points to Platinum"), each
 * '' when there is none: the POS's points row shows the name even where the rest does not fit.
 */
export function tierParts(loyalty: Pick<CustomerLoyalty, 'tier' | 'nextTier'>): { name: string; next: string } {
  const next = loyalty.nextTier ? `${pointsWord(loyalty.nextTier.pointsToGo)} to ${loyalty.nextTier.name}` : '';
  return { name: loyalty.tier?.name ?? '', next };
}

/** "Gold — 80 points to Platinum", "Gold", "80 points to Silver", or '' for a programme without tiers. */
export function tierWords(loyalty: Pick<CustomerLoyalty, 'tier' | 'nextTier'>): string {
  const { name, next } = tierParts(loyalty);
  return [name, next].filter(Boolean).join(' — ');
}

/** "expires Jan 3, 2027" (unless they earn or spend points first), or '' when the balance never expires. */
export const expiryNote = (loyalty: Pick<CustomerLoyalty, 'expiresAt'>): string =>
  loyalty.expiresAt ? expiresWords(loyalty.expiresAt) : '';

/**
 * The reward dollars (cents) "Use points" fills in: what the balance covers, at most what the sale
 * costs before any reward dollars (`total` of the quote with its reward dollars, negative, added back),
 * and at most `capCents` (the programme's offline cap, while the register cannot reach its server).
 */
export function usableRewardCents(
  rewardCents: number,
  totalCents: number,
  rewardOnSaleCents: number,
  capCents = Number.POSITIVE_INFINITY,
): number {
  const beforeReward = totalCents + Math.abs(rewardOnSaleCents);
  return Math.max(0, Math.min(rewardCents, beforeReward, capCents));
}

/**
 * Reward dollars typed past what the sale comes to: the service takes what it comes to (a negative
 * `payByPoints`) and no more, so the field's amount is not what is taken off; what is, in words
 * ("Only $2.57 can be used on this sale: all it comes to."), or '' when all of it is taken.
 */
export function rewardCapWords(askedCents: number, quote: Pick<TicketQuote, 'payByPoints'> | null): string {
  if (!quote || askedCents <= 0) return '';
  const taken = Math.abs(centsOf(quote.payByPoints));
  if (taken >= askedCents) return '';
  if (taken === 0) return 'This sale comes to $0.00: no reward dollars can be used on it.';
  return `Only ${formatMoney(taken)} can be used on this sale: all it comes to.`;
}

/**
 * The service's refusal of a sale's reward dollars, as the Reward dollars field shows it, or null
 * for any other failure. The service names the field first, for its API clients; people read its
 * label: "rewardDollars of $5.00 need 500 points; Maria has 300 points (…)" → "Reward dollars of
 * $5.00 need 500 points; Maria has 300 points (…)."
 */
export function rewardRefusal(failure: unknown): string | null {
  if (!(failure instanceof ApiError) || failure.status !== 400) return null;
  const match = /^rewardDollars (.+)$/s.exec(failure.message);
  return match ? asSentence(`Reward dollars ${match[1]!}`) : null;
}

/** The refusal that says the store runs a programme: reward dollars need a named customer. */
export const needsCustomer = (failure: unknown): boolean =>
  failure instanceof ApiError && /^rewardDollars are paid with a customer's loyalty points/.test(failure.message);

/** The points a paid sale earned: the sum of its own `earned` entries in the customer's ledger. */
export const earnedOn = (loyalty: Pick<CustomerLoyalty, 'entries'>, orderId: string): number =>
  loyalty.entries
    .filter((entry) => entry.orderId === orderId && entry.kind === 'earned')
    .reduce((sum, entry) => sum + entry.points, 0);

/** "Maria earned 92 points · balance 1,512": what a paid sale earned (its `earned` entry) and the new balance. */
export function earnedWords(firstName: string, loyalty: CustomerLoyalty, orderId: string): string {
  const earned = earnedOn(loyalty, orderId);
  const who = firstNameOf(firstName) || 'The customer';
  const what = earned > 0 ? `earned ${pointsWord(earned)}` : 'earned no points on this sale';
  return `${who} ${what} · balance ${count(loyalty.points)}`;
}

/** "uses 200 of 500": what the sale's reward dollars take of the balance. */
export const usesWords = (points: number, onSale: number): string => `uses ${count(onSale)} of ${count(points)}`;

/**
 * The points the reward dollars of `order` cost, when stock ran short between the quote and the
 * order: the quote's points, or their share when the order's reward dollars are fewer (capped at
 * what it comes to), a part of a point counting whole, as the service counts them.
 */
export function orderRewardPoints(
  quote: Pick<TicketQuote, 'payByPoints' | 'rewardPoints'> | null,
  order: Pick<Ticket, 'payByPoints'>,
): number {
  const quoted = quote ? Math.abs(centsOf(quote.payByPoints)) : 0;
  const held = Math.abs(centsOf(order.payByPoints));
  if (!quote || quoted === 0 || held === 0) return 0;
  return held === quoted ? quote.rewardPoints : Math.ceil((quote.rewardPoints * held) / quoted);
}
