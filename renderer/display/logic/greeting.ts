import { pointsCount, pointsLeftWords } from '../../../shared/loyalty/loyalty-words';

/**
 * What the pole display says of the customer: others in the queue can read it, so a first name
 * only, whatever the POS sent, and of their loyalty the balance alone, never the ledger.
 */

/** "Maria" of "  Maria Elena Garcia ", '' of nothing. */
export const firstNameOnly = (name: string | null): string => name?.trim().split(/\s+/)[0] ?? '';

/**
 * The points pill beside "Hi Maria, your order": "1,420 points", or "1,220 points left after this
 * sale" while reward dollars (`onSale`: the points they cost) are on it. The heading says the name, so
 * the pill does not again. '' without a named customer or points (a store without a programme).
 */
export function pointsGreeting(name: string | null, balance: number | undefined, onSale = 0): string {
  if (!firstNameOnly(name) || balance === undefined) return '';
  return onSale > 0 ? pointsLeftWords(balance, onSale) : pointsCount(balance);
}

/** "You earned 42 points" on the thank-you, or '' when the sale earned none (or named no customer). */
export const earnedThanks = (earned: number | undefined): string =>
  earned !== undefined && earned > 0 ? `You earned ${pointsCount(earned)}` : '';
