import type { ManualDiscount, ManualDiscountView } from '../../../shared/contracts/manual-discounts';
import type { TicketQuote } from '../../../shared/contracts/ticket';
import type { Cents } from '../../../shared/money';
import { MANUAL_DEAL_ID } from '../../../shared/deals/line-discounts';
import { pinProblem } from '../../../shared/pin';
import { centsOf, formatMoney } from '../../common/format';
import { ApiError } from '../../common/http';
import { checkNumber, type NumberRule } from '../../common/number-field';
import { aboutApproval, refusalOf } from '../../common/refusal';

// Discounts the cashier gives by hand (README "Manual discounts"), in the cashier's words: what is
// typed in the discount dialog, what each took off the cart, and the service's refusals of them.

/**
 * A line's `dealId` for what manual discounts took off it: the contract's MANUAL_DEAL_ID, from the pure
 * helper the contract takes it from (the POS imports only types from shared/contracts: its schemas
 * would bloat the bundle).
 */
export const MANUAL_DEAL = MANUAL_DEAL_ID;
/** The most manual discounts one sale takes (the ticket's `manualDiscounts`). */
export const MANUAL_DISCOUNTS_MAX = 10;
export const REASON_MAX = 120;
/** The reasons a cashier gives most, one tap each. */
export const QUICK_REASONS = ['Damaged package', 'Price match', 'Customer service'] as const;

export type DiscountKind = 'percent' | 'amount';

/** The discount dialog as the cashier types it: a percent or dollars, the number, and why. */
export interface DiscountDraft {
  kind: DiscountKind;
  value: string;
  reason: string;
}

/** A field of the discount dialog a refusal sits beside. */
export type DiscountField = 'value' | 'reason' | 'approval';
export interface DiscountProblem {
  field: DiscountField;
  sentence: string;
}

/** The rule of the number: a whole percent, 1 to 100, or dollars above 0, never more than the line. */
export function valueRule(kind: DiscountKind, lineCents: Cents | null): NumberRule {
  if (kind === 'percent') return { name: 'percent off', decimals: 0, min: 1, max: 100, unit: '%' };
  const line = lineCents === null ? null : lineCents / 100;
  return {
    name: 'amount off',
    decimals: 2,
    min: 0,
    minExclusive: true,
    max: line ?? 100_000,
    ...(line === null ? {} : { maxReason: `The amount off must be at most the line's ${formatMoney(lineCents!)}.` }),
    unit: '$',
  };
}

/** The draft of a discount already given (the dialog opened again on it), or a blank one. */
export function draftOf(given: ManualDiscount | undefined): DiscountDraft {
  if (!given) return { kind: 'percent', value: '', reason: '' };
  const kind: DiscountKind = given.percent === undefined ? 'amount' : 'percent';
  const value = kind === 'percent' ? String(given.percent) : (given.amount ?? 0).toFixed(2);
  return { kind, value, reason: given.reason };
}

/** The discount the draft gives (off `productId`'s line, or the whole sale when null), or why it cannot. */
export function draftDiscount(
  draft: DiscountDraft,
  productId: string | null,
  lineCents: Cents | null,
): { ok: true; discount: ManualDiscount } | { ok: false; problem: DiscountProblem } {
  const check = checkNumber(draft.value, valueRule(draft.kind, lineCents));
  if (!check.ok) return { ok: false, problem: { field: 'value', sentence: check.reason } };
  const reason = draft.reason.trim().replace(/\s+/g, ' ');
  if (reason === '') {
    return { ok: false, problem: { field: 'reason', sentence: 'Say why: the sale keeps the reason with your name.' } };
  }
  if (reason.length > REASON_MAX) {
    return { ok: false, problem: { field: 'reason', sentence: `A reason is at most ${REASON_MAX} characters.` } };
  }
  return {
    ok: true,
    discount: {
      ...(productId === null ? {} : { productId }),
      ...(draft.kind === 'percent' ? { percent: check.value } : { amount: check.value }),
      reason,
    },
  };
}

/** Why the manager's approval of `what` cannot be sent yet (the cash movements' words), or null. */
export function approvalProblem(username: string, pin: string, what = 'it'): string | null {
  if (username === '') return `Pick the manager who approves ${what}.`;
  if (pinProblem(pin) === 'not_digits') return "Enter the manager's PIN: 4 to 8 digits.";
  return null;
}

/** "10 % off" or "$2.50 off": a discount as it was given. */
export function givenWords(given: Pick<ManualDiscount, 'percent' | 'amount'>): string {
  return given.percent === undefined
    ? `${formatMoney(Math.round((given.amount ?? 0) * 100))} off`
    : `${given.percent} % off`;
}

/** A reason in the middle of a sentence: "Damaged package" → "damaged package" (an acronym stays). */
const reasonWords = (reason: string) =>
  /^[A-Z][a-z]/.test(reason) ? reason[0]!.toLowerCase() + reason.slice(1) : reason;

/**
 * "Manual discount −$2.00 · damaged package": a manual discount under its line or on the sale, with
 * what the last quote says it took off (before it answered, as given: "10 % off").
 */
export function manualWords(taken: Cents | null, given: Pick<ManualDiscount, 'percent' | 'amount' | 'reason'>): string {
  const what = taken === null ? givenWords(given) : `−${formatMoney(taken)}`;
  return `Manual discount ${what} · ${reasonWords(given.reason)}`;
}

type QuotedItem = Pick<TicketQuote['items'][number], 'productId' | 'discounts'>;

/** A line's price after its deals, before manual discounts: what an amount off it may not pass. */
export function lineBeforeManual(item: Pick<TicketQuote['items'][number], 'priceSell' | 'discounts'>): Cents {
  const manual = item.discounts.filter((deal) => deal.dealId === MANUAL_DEAL);
  return centsOf(item.priceSell) + manual.reduce((sum, deal) => sum + centsOf(deal.amount), 0);
}

/**
 * What manual discounts took off a line, as the quote says: its own (null when it has none, or the
 * quote does not say yet) and its share of the whole sale's discount.
 */
export function lineManual(
  item: QuotedItem,
  views: readonly ManualDiscountView[] | undefined,
): { own: Cents | null; share: Cents } {
  const taken = item.discounts
    .filter((deal) => deal.dealId === MANUAL_DEAL)
    .reduce((sum, deal) => sum + centsOf(deal.amount), 0);
  const view = views?.find((entry) => entry.productId === item.productId);
  const own = view ? centsOf(view.discount) : null;
  return { own, share: Math.max(0, taken - (own ?? 0)) };
}

/** What the whole sale's manual discount took off, as the quote says (null when it does not say). */
export function saleManual(views: readonly ManualDiscountView[] | undefined): Cents | null {
  const view = views?.find((entry) => entry.productId === null);
  return view ? centsOf(view.discount) : null;
}

const LABELS: Record<string, string> = {
  'manualDiscounts[].percent': 'The percent off',
  'manualDiscounts[].amount': 'The amount off',
  'manualDiscounts[].reason': 'The reason',
  rewardDollars: 'Reward dollars',
};

/** The service's refusal of a discount being given, beside the field it is about (the number's by default). */
export function discountRefusal(failure: unknown): DiscountProblem {
  const { sentence, field } = refusalOf(failure, LABELS, 'The discount could not be priced. Try again.');
  // The manager's PIN (a wrong one; the manager locked after wrong ones, the one limit a register
  // meets in this dialog): beside the PIN's fields.
  if (aboutApproval(failure)) return { field: 'approval', sentence };
  return { field: field.endsWith('.reason') ? 'reason' : 'value', sentence };
}

/** The service asks for (another) manager's PIN: its words, else null. */
export function approvalRefusal(failure: unknown): string | null {
  return failure instanceof ApiError && failure.code === 'APPROVAL_REQUIRED' ? refusalOf(failure).sentence : null;
}
