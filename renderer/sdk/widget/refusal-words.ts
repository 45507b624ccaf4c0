import type { ErrorCode, FailureDetails } from '../../../shared/errors';
import type { Channel } from '../types/servicepay';
import { formatMoney } from '../../common/format';
import { ApiError } from '../../common/http';
import { asSentence } from '../../common/refusal';
import { CHOOSE_ANOTHER_WAY } from './action-words';
import { conflictWords } from './conflict-words';

/** What the widget says when it cannot tell why: a plain apology. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** The fields of a pay request a person typed, as the forms label them (a refusal names the field first). */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  tenderedAmount: 'The cash received',
  amount: 'The amount',
  'card.number': 'The card number',
  'card.expiry': 'The expiry date',
  'card.cvc': 'The security code',
  'card.postalCode': 'The billing postal code',
};

/** The fields of a pay request in cents: the service's rule names cents ("at most 100,000,000"), people read dollars. */
const MONEY_FIELDS: ReadonlySet<string> = new Set(['tenderedAmount', 'amount']);

/** The service's words for an amount in cents: "is in cents: a whole number of at most 100,000,000 (…), such as…". */
const IN_CENTS = /^is in cents: a whole number(?: of (at (?:most|least)) (-?\d[\d,]*))?/;
const dollars = (cents: string) => formatMoney(Number(cents.replace(/,/g, '')));

/** An amount's rule in the dollars the person typed, without the example: "…at most 100,000,000…" → "must be at most $1,000,000.00". */
function inDollars(rule: string): string {
  const [said, bound, limit] = IN_CENTS.exec(rule) ?? [];
  if (said) return bound && limit ? `must be ${bound} ${dollars(limit)}` : 'is not a valid amount';
  return rule.replace(
    /\b(at (?:most|least)|more than|less than) (\d[\d,]*)\b/g,
    (_, at: string, n: string) => `${at} ${dollars(n)}`,
  );
}

/**
 * A refused pay request in words (INVALID_INPUT: "tenderedAmount must be…"): a typed field by its
 * label (an amount's bound in dollars), the method by its name; other fields are the integrator's,
 * not the customer's to fix.
 */
function invalidInputWords(message: string): string {
  const [, field = '', rule = ''] = /^(\S+) (.+)$/s.exec(message) ?? [];
  const label = FIELD_LABELS[field];
  if (label) return asSentence(`${label} ${MONEY_FIELDS.has(field) ? inDollars(rule) : rule}`);
  if (field === 'paymentMethod') return `This payment method cannot be taken here. ${CHOOSE_ANOTHER_WAY}.`;
  return 'The payment details were not accepted. Please try again, or ask the store for help.';
}

/** The service's own sentence, for the refusals it words for the person paying (an order already paid…). */
const serviceSentence = (error: ApiError) => asSentence(error.message);

/**
 * Every reason the service (or the network) gives, in the words of the customer or the cashier in
 * front of the widget: a fixed sentence where the service's is for programs or names a register,
 * else the service's own made a sentence. A Record of every code: a new one must be worded here.
 */
const WORDS: Readonly<Record<ErrorCode | 'NETWORK', string | ((error: ApiError) => string)>> = {
  INVALID_INPUT: (error) => invalidInputWords(error.message),
  UNAUTHENTICATED: 'The sign-in has expired. Sign in again, then try again.',
  FORBIDDEN: 'This payment cannot be taken with this sign-in.',
  NOT_FOUND: 'This order or payment could not be found. Start the payment again.',
  CONFLICT: (error) => conflictWords(error.message),
  PAYLOAD_TOO_LARGE: SOMETHING_WRONG,
  UNSUPPORTED_MEDIA_TYPE: SOMETHING_WRONG,
  URI_TOO_LONG: SOMETHING_WRONG,
  HEADERS_TOO_LARGE: SOMETHING_WRONG,
  REQUEST_TIMEOUT: 'The payment service took too long to answer. Please try again.',
  HOST_NOT_ALLOWED: 'This page may not take payments. Please ask the store for help.',
  ORIGIN_NOT_ALLOWED: 'This page may not take payments. Please ask the store for help.',
  RATE_LIMITED: 'Too many tries in a short time. Wait a moment, then try again.',
  NOTHING_AVAILABLE: serviceSentence,
  ILLEGAL_TRANSITION: serviceSentence,
  DRAWER_CLOSED: 'The cash drawer is not open: open it first, then try again.',
  APPROVAL_REQUIRED: 'A manager must approve this payment.',
  ID_NOT_VERIFIED: serviceSentence,
  PURCHASE_LIMIT: serviceSentence,
  UNAVAILABLE: 'The payment service is not available right now. Please try again.',
  INTERNAL: SOMETHING_WRONG,
  NETWORK: 'The payment service cannot be reached. Check the connection, then try again.',
};

/** What a shopper (`ecommerce`) reads when the shop's token or entity is refused: what they can do. */
const SHOP_COULD_NOT_START = 'The shop could not start the payment. Reload the page, or contact the shop.';

/**
 * A refused sign-in (UNAUTHENTICATED) in the words of who is at the widget. A shopper (`ecommerce`)
 * never signed in — the shop's page did — so they are told the shop could not start the payment and
 * what they can do. Staff (`pos`, `ffd`, `virtual_terminal`) may sign in again: told so for a token
 * the service says expired, and for one it does not accept (unknown or signed out: the service
 * cannot tell those apart, "not valid (unknown or revoked)") without saying it expired.
 */
export function signInWords(said: string, channel?: Channel): string {
  if (channel === 'ecommerce') return SHOP_COULD_NOT_START;
  return /\bexpired\b/i.test(said)
    ? 'The sign-in has expired. Sign in again, then try again.'
    : 'This sign-in was not accepted. Sign in again, then try again.';
}

/**
 * The figures of a payment over its order's balance due, in cents: the balance and what was asked,
 * and (from a service that says them) what the order's payments already paid of its total.
 */
export type OverBalance = FailureDetails & { balanceDue: number; requestedAmount: number };

/**
 * A payment over what the order still owes, from the refusal's figures: what is paid of it already,
 * when something is ("$11.10 of $23.10 is already paid; $12.00 is left."), else what it owes instead
 * of what was asked — never "paid" of an order nothing paid (its lines changed, or a page sent a
 * wrong amount) — and how to pay what is left.
 */
export function overBalanceText({ balanceDue, requestedAmount, paid = 0, total }: OverBalance): string {
  const left = formatMoney(balanceDue);
  const standing =
    paid > 0
      ? `${formatMoney(paid)} of ${formatMoney(total ?? paid + balanceDue)} is already paid; ${left} is left.`
      : `This order has ${left} left to pay, not ${formatMoney(requestedAmount)}.`;
  return `${standing} Reload the page to pay ${left}.`;
}

/**
 * The words of the failures worth trying again as they were (the connection, a slow or busy service,
 * an apology): a screen showing one offers "Try again", which sends the same request again.
 */
export const isPassingText = (words: string): boolean =>
  (['NETWORK', 'REQUEST_TIMEOUT', 'RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL'] as const).some(
    (code) => WORDS[code] === words,
  );

/**
 * A failure in the customer's or cashier's words, never the service's codes: a payment over what
 * the order still owes from the refusal's figures, else its reason worded above, or a plain apology.
 * `channel` says who reads it where that changes the words (a refused sign-in: `signInWords`).
 */
export function refusalText(error: unknown, channel?: Channel): string {
  if (!(error instanceof ApiError)) return SOMETHING_WRONG;
  if (error.code === 'UNAUTHENTICATED') return signInWords(error.message, channel);
  // A shopper never signed in: a token the shop's page got refused this payment, not theirs to fix.
  if (error.code === 'FORBIDDEN' && channel === 'ecommerce') return SHOP_COULD_NOT_START;
  const figures: Partial<OverBalance> = error.details ?? {};
  const { balanceDue, requestedAmount } = figures;
  if (balanceDue !== undefined && requestedAmount !== undefined)
    return overBalanceText({ ...figures, balanceDue, requestedAmount });
  // A reason this widget was built before (a newer service) is not worded: an apology, not its code.
  const words: (typeof WORDS)[ErrorCode] | undefined = WORDS[error.code];
  if (words === undefined) return SOMETHING_WRONG;
  return typeof words === 'string' ? words : words(error);
}

/**
 * The `userMessage` of a payment event the service refused: an invalid event (INVALID_INPUT) is the
 * integrator's to fix and keeps the service's field and rule (docs/payments.md, "Events"); any other
 * refusal is said in words, as the widget shows it.
 */
export const eventRefusalMessage = (error: unknown, channel?: Channel): string =>
  error instanceof ApiError && error.code === 'INVALID_INPUT' ? error.message : refusalText(error, channel);

/**
 * A refused cancel as the widget says it beside its Cancel or the payment under way: the reason in
 * words, led by what was refused where the reason alone does not say it (a completed session, the
 * connection) — not where it does ("…can no longer be canceled; void it once it is approved.").
 * To a customer (the pole display, an online checkout) only what happened: the reason tells staff
 * what to do next (void, refund), which is not theirs to do.
 */
export function cancelRefusalText(error: unknown, toCustomer = false): string {
  if (toCustomer) return 'The payment was not canceled.';
  const words = refusalText(error);
  return /\bcancel/i.test(words) ? words : `The payment was not canceled. ${words}`;
}

/** A processor's response code written into its sentence: "(R01)", "[D51]", "(code 05)". */
const CODE_IN_SENTENCE = /\s*[([]\s*(?:(?:response\s+)?code\s+)?[A-Z]{0,2}\d{1,3}\s*[)\]]/gi;
/** A detail that says nothing but a code ("Response code 96"). */
const ONLY_A_CODE = /^\s*(?:response\s+)?code\s*:?\s*[A-Z]{0,2}\d{0,3}\s*$/i;

/**
 * A decline's or processor error's detail ("Declined: insufficient funds in the bank account (R01)")
 * without the processor's response code ("Declined: insufficient funds in the bank account"): people
 * read words, and the code stays in the payment's own field (`processorResponseCode`). `code`, when
 * known, is also dropped where the detail ends with it bare ("Declined R01"). A detail that is only a
 * code ("Response code 96") gives ''.
 */
export function declineWords(detail: string, code = ''): string {
  let words = detail.replace(CODE_IN_SENTENCE, '');
  if (code) {
    const bare = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    words = words.replace(new RegExp(`(?:^|[\\s,;:-]+)(?:(?:response\\s+)?code\\s+)?${bare}\\s*$`, 'i'), '');
  }
  return ONLY_A_CODE.test(words) ? '' : words.replace(/[\s:;,-]+$/, '').trim();
}

/**
 * A payment's answer as a screen says it under its heading ("Payment declined", "Your bank declined
 * the payment"): its words without the processor's code, and without the "Declined:" the heading
 * already says ("Insufficient funds."); '' when nothing but a code or a bare "Declined" was given.
 * The envelope's `userMessage` keeps the service's sentence (docs/payments.md, "Envelopes").
 */
export function outcomeSentence(detail: string, status: string, code = ''): string {
  let words = declineWords(detail, code);
  if (status === 'declined') words = words.replace(/^declined(?:\s*:\s*|\s*$)/i, '');
  return words ? asSentence(words) : '';
}
