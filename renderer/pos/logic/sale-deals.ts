import type { DisplaySaving } from '../../../shared/contracts/display';
import type { TicketQuote } from '../../../shared/contracts/ticket';
import { lineDiscounts, type NamedDiscount } from '../../../shared/deals/line-discounts';
import { isPromoCode, PROMO_CODE_REFUSAL } from '../../../shared/deals/promo-code';
import { dollarsToCents, type Cents } from '../../../shared/money';
import { centsOf, formatMoney } from '../../common/format';

// What the deals did to a sale, in the cashier's words: each line's savings and price before them,
// each promo code typed and what the service said of it.

type PricedItem = Pick<
  TicketQuote['items'][number],
  'priceSell' | 'originalPrice' | 'discountDescription' | 'discounts'
>;

/**
 * Every discount of a priced line, named with what it took off (shared/deals/line-discounts.ts): its
 * product's own promotion, then its deals, then its manual discounts, adding up to its price before them.
 */
export function namedDiscounts(item: PricedItem): NamedDiscount[] {
  const afterCents = centsOf(item.priceSell);
  return lineDiscounts({
    beforeCents: dollarsToCents(item.originalPrice) ?? afterCents,
    afterCents,
    description: item.discountDescription,
    discounts: item.discounts.map(({ dealId, name, amount }) => ({ dealId, name, amountCents: centsOf(amount) })),
  });
}

const toSaving = ({ name, amountCents }: NamedDiscount): DisplaySaving => ({ name, amount: amountCents });

/** What each discount took off a line, in cents (positive): the promotion, the deals, then the manual ones. */
export function lineSavings(item: PricedItem): DisplaySaving[] {
  return namedDiscounts(item).map(toSaving);
}

/** What the store took off a line (its promotion and its deals), not the manual discounts the cart words apart. */
export function storeSavings(item: PricedItem): DisplaySaving[] {
  return namedDiscounts(item)
    .filter((discount) => discount.kind !== 'manual')
    .map(toSaving);
}

/** "Wednesday edibles −$3.60": a discount under its line. */
export const savingWords = (saving: DisplaySaving): string => `${saving.name} −${formatMoney(saving.amount)}`;

/** A line's price after its discounts and, when they took something off, its price before them. */
export function linePrice(item: PricedItem): { now: Cents; was: Cents | null } {
  const now = centsOf(item.priceSell);
  const was = dollarsToCents(item.originalPrice);
  return { now, was: was !== undefined && was !== now ? was : null };
}

/** The promo code as the service keeps it: trimmed, upper case (the engine's own reading of a code). */
export { normalCode } from '../../../shared/deals/promo-code';

/** Why a typed promo code cannot be added (the service's rule, shared/deals/promo-code.ts), or null when it can. */
export function codeRefusal(code: string, added: readonly string[]): string | null {
  if (code === '') return 'Type the code as it is written on the coupon or the ad.';
  if (!isPromoCode(code)) return `${PROMO_CODE_REFUSAL}.`;
  if (added.includes(code)) return `${code} is on the sale already.`;
  return null;
}

/** A promo code on the sale, as its chip shows it: applied, refused in the service's words, or not asked yet. */
export interface CodeChip {
  code: string;
  /** Null until a quote has answered for it. */
  applied: boolean | null;
  words: string;
  /** The words after the code when they start with it, its deal's name unbracketed ("Spring code ended on …"), else all of them. */
  rest: string;
}

/** The service's words after the first of `leads` they begin with ("SPRING10 " → "(Spring sale) ended…"), else all of them. */
function wordsAfter(words: string, leads: readonly string[]): string {
  const lead = leads.find((each) => words.startsWith(each));
  return lead === undefined ? words : words.slice(lead.length);
}

/** "(Welcome five) may be used…" → "Welcome five may be used…": after the code, a sentence that starts with its deal's name. */
const unbracketed = (rest: string): string => rest.replace(/^\(([^()]+)\) /, '$1 ');

const chip = (code: string, applied: boolean | null, words: string): CodeChip => ({
  code,
  applied,
  words,
  rest: unbracketed(wordsAfter(words, [`${code} `])),
});

/** Each code added, with what the last quote said of it. */
export function codeChips(
  codes: readonly string[],
  answered: TicketQuote['codes'] | undefined,
  hasLines: boolean,
): CodeChip[] {
  return codes.map((code) => {
    const said = answered?.find((entry) => entry.code === code);
    if (said) return chip(code, said.applied, said.words);
    return chip(code, null, hasLines ? 'Checking…' : 'Checked when an item is in the cart');
  });
}

/** A deal the cashier chose, as its chip shows it: what the last quote said it took off, or why not. */
export interface ChosenChip {
  dealId: string;
  name: string;
  /** Null until a quote has answered for it. */
  applied: boolean | null;
  /** The words after the deal's name ("$1.00 off", "is paused"). */
  rest: string;
}

/** Each deal chosen, with what the last quote said of it. */
export function chosenChips(
  chosen: readonly { dealId: string; name: string }[],
  answered: TicketQuote['chosenDeals'] | undefined,
): ChosenChip[] {
  return chosen.map(({ dealId, name }) => {
    const said = answered?.find((entry) => entry.dealId === dealId);
    if (!said) return { dealId, name, applied: null, rest: 'given by the cashier' };
    return { dealId, name, applied: said.applied, rest: wordsAfter(said.words, [`${name}: `, `${name} `]) };
  });
}

/** The sum the customer saves, positive cents, from the totals' discounts (negative). */
export const savedCents = (discount: Cents): Cents => Math.max(0, -discount);
