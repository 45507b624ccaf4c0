import type { FastifyRequest } from 'fastify';
import { invalidInput } from '../../../../shared/errors.js';
import { formatMoney } from '../../../../shared/money.js';
import { AMOUNT_MAX_CENTS } from '../../../../shared/numbers.js';

/** What a refund's `amount` is, in the words every refusal of it starts with: the unit and an example. */
export const REFUND_AMOUNT_WORDS = 'is in cents: a whole number of at least 1, such as 2219 for $22.19';

const MOST = `${AMOUNT_MAX_CENTS.toLocaleString('en-US')} (${formatMoney(AMOUNT_MAX_CENTS)})`;

/** What was sent, as the caller wrote it: `0`, `3.25`, the text `"3.25"`. */
function sent(value: unknown): string {
  if (typeof value === 'string')
    return `the text ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 30 ? `${json.slice(0, 30)}…` : json;
}

/**
 * Refuses a refund's `amount` that is not whole cents in words that say the unit ("amount is in
 * cents: a whole number of at least 1, such as 2219 for $22.19, not the text "3.25""), where the
 * schema's own words ("amount must be a whole number") would not say cents. A `preValidation` hook of
 * `POST /v2.0/payments/<id>/refund`, after `optionalBody`; the schema checks the rest of the body.
 */
export async function refundAmountInCents(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('amount' in body)) return;
  const { amount } = body as { amount: unknown };
  if (typeof amount === 'number' && Number.isInteger(amount) && amount > AMOUNT_MAX_CENTS) {
    throw invalidInput('amount', `is in cents: at most ${MOST} in one refund, not ${sent(amount)}`);
  }
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) {
    throw invalidInput('amount', `${REFUND_AMOUNT_WORDS}, not ${sent(amount)}`);
  }
  return Promise.resolve();
}
