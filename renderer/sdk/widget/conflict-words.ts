import { asSentence } from '../../common/refusal';

/**
 * The service's CONFLICT sentences written for programs or for staff ("…in this session…", "void or
 * refund its payments instead"), in words the person paying understands — a shopper online or at a
 * pole display as much as a cashier. The service's API keeps its own sentences (other clients read
 * them); only what the widget says changes. Any other conflict is the service's sentence.
 */
const WORDED: readonly [RegExp, string | ((match: RegExpExecArray) => string)][] = [
  [
    /^an? \w+ payment is already in progress in this session/i,
    'A payment is already under way here: wait for it to finish, or cancel it first.',
  ],
  [
    /^this payment session is completed; void or refund/i,
    'This payment went through already: it can only be refunded now.',
  ],
  [/^this payment session is completed$/i, 'This payment went through already: nothing more is taken.'],
  [/^this payment session is canceled$/i, 'This payment was canceled: start it again to pay.'],
  [/^this payment session expired/i, 'This payment waited too long and was closed: start it again to pay.'],
  [
    /^order (\w+) has payments in progress for its whole balance$/i,
    (match) => `Order ${match[1]} is being paid already: wait for that payment to finish.`,
  ],
  [
    /^a payment of the previous session for this ticket is at the processor/i,
    'An earlier payment for this order is still being processed: wait for its result, then try again.',
  ],
];

/** A CONFLICT refusal's sentence as the widget says it. */
export function conflictWords(said: string): string {
  for (const [pattern, words] of WORDED) {
    const match = pattern.exec(said.trim());
    if (match) return typeof words === 'string' ? words : words(match);
  }
  return asSentence(said);
}
