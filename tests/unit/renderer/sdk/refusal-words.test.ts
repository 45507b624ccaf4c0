import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http';
import {
  cancelRefusalText,
  eventRefusalMessage,
  isPassingText,
  refusalText,
  SOMETHING_WRONG,
} from '../../../../renderer/sdk/widget/refusal-words';
import { failureDetails } from '../../../../renderer/sdk/widget/widget-config';
import { ERROR_CODES, type ErrorCode } from '../../../../shared/errors';

/** A sentence for people: a capital first, a full stop last, no code (UPPER_SNAKE, camelCase, a.path). */
function expectPeoplesSentence(text: string): void {
  expect(text).toMatch(/^[A-Z]/);
  expect(text).toMatch(/[.!?]$/);
  expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
  expect(text).not.toMatch(/\b[a-z]+[A-Z]\w*\b/);
  expect(text).not.toMatch(/\b\w+\.\w+\b/);
}

/** The service's sentences as it words them: lower-case, no full stop, fields first, a register named. */
const SAID: Record<ErrorCode, string> = {
  INVALID_INPUT: 'ticketAlphaNumId is required in the ffd channel (the order number)',
  UNAUTHENTICATED: 'the bearer token is missing or expired',
  FORBIDDEN: 'entityId is not the entity (organization) of your token',
  NOT_FOUND: 'no payment session 0190d7e6-1c8a-7000-8000-000000000000',
  CONFLICT: 'order X1 is already paid',
  PAYLOAD_TOO_LARGE: 'the body is over 1 MB',
  UNSUPPORTED_MEDIA_TYPE: 'content-type must be application/json',
  URI_TOO_LONG: 'the address is over 8 KB',
  HEADERS_TOO_LARGE: 'the headers are over 16 KB',
  REQUEST_TIMEOUT: 'the request took over 30 s',
  HOST_NOT_ALLOWED: 'host evil.example is not allowed',
  ORIGIN_NOT_ALLOWED: 'origin https://evil.example is not allowed',
  RATE_LIMITED: 'too many requests; retry in 30 s',
  NOTHING_AVAILABLE: 'no pickup slot is free today',
  ILLEGAL_TRANSITION: 'order X1 cannot move from COMPLETED to PAID',
  DRAWER_CLOSED: 'the drawer of register front-1 is not open: open it with a counted float before taking cash',
  APPROVAL_REQUIRED: 'a paid-out needs a manager approval',
  ID_NOT_VERIFIED: 'the customer may not buy today: no ID was checked',
  PURCHASE_LIMIT: 'the sale is over the daily flower limit',
  UNAVAILABLE: 'the processor did not answer',
  INTERNAL: 'cannot read properties of undefined',
};

describe('the widget says every refusal in words, never the service’s codes', () => {
  it.each(ERROR_CODES)('%s is a sentence for the person paying', (code) => {
    const words = refusalText(new ApiError(409, code, SAID[code]));
    expectPeoplesSentence(words);
    // Never the service's lower-case sentence as it came.
    expect(words).not.toBe(SAID[code]);
  });

  it('a cash payment at a register with its drawer closed: a fixed sentence, with what to do', () => {
    expect(refusalText(new ApiError(409, 'DRAWER_CLOSED', SAID.DRAWER_CLOSED))).toBe(
      'The cash drawer is not open: open it first, then try again.',
    );
  });

  it('keeps the service’s own sentence where it is written for people, made a sentence', () => {
    expect(refusalText(new ApiError(409, 'CONFLICT', 'order X1 is already paid'))).toBe('Order X1 is already paid.');
    expect(refusalText(new ApiError(403, 'ID_NOT_VERIFIED', SAID.ID_NOT_VERIFIED))).toBe(
      'The customer may not buy today: no ID was checked.',
    );
  });

  it('a refused field the customer typed is named by its label; a field of the integrator’s is not named', () => {
    expect(
      refusalText(new ApiError(400, 'INVALID_INPUT', 'tenderedAmount is required for Cash: the cents handed over')),
    ).toBe('The cash received is required for Cash: the cents handed over.');
    expect(
      refusalText(new ApiError(400, 'INVALID_INPUT', 'card.expiry must not be in the past (the card has expired)')),
    ).toBe('The expiry date must not be in the past (the card has expired).');
    expect(refusalText(new ApiError(400, 'INVALID_INPUT', 'paymentMethod must be a method this session offers'))).toBe(
      'This payment method cannot be taken here. Choose another way to pay.',
    );
    expect(refusalText(new ApiError(400, 'INVALID_INPUT', SAID.INVALID_INPUT))).toBe(
      'The payment details were not accepted. Please try again, or ask the store for help.',
    );
  });

  it('the network, a reason it does not know, and a failure that is not the service’s', () => {
    expectPeoplesSentence(refusalText(new ApiError(0, 'NETWORK', 'The service cannot be reached.')));
    expect(refusalText(new ApiError(409, 'SOMETHING_NEW' as ErrorCode, 'something new happened'))).toBe(
      SOMETHING_WRONG,
    );
    expect(refusalText(new Error('boom'))).toBe(SOMETHING_WRONG);
  });

  it('an invalid payment event keeps the field and the rule for the integrator; other refusals are worded', () => {
    expect(eventRefusalMessage(new ApiError(400, 'INVALID_INPUT', SAID.INVALID_INPUT))).toBe(SAID.INVALID_INPUT);
    expect(eventRefusalMessage(new ApiError(409, 'CONFLICT', 'order X1 is already paid'))).toBe(
      'Order X1 is already paid.',
    );
  });

  it('a refused cancel tells staff why and what to do, and a customer only that nothing was canceled', () => {
    const completed = new ApiError(
      409,
      'CONFLICT',
      'this payment session is completed; void or refund its payments instead',
    );
    expect(cancelRefusalText(completed)).toBe(
      'The payment was not canceled. This payment went through already: it can only be refunded now.',
    );
    expect(cancelRefusalText(completed, true)).toBe('The payment was not canceled.');
  });
});

describe('the service’s conflicts for programs and staff, in the words of the person paying', () => {
  const conflict = (said: string) => refusalText(new ApiError(409, 'CONFLICT', said));

  it.each([
    [
      'a Credit payment is already in progress in this session; wait for it or cancel it',
      'A payment is already under way here: wait for it to finish, or cancel it first.',
    ],
    ['this payment session is completed', 'This payment went through already: nothing more is taken.'],
    [
      'this payment session is completed; void or refund its payments instead',
      'This payment went through already: it can only be refunded now.',
    ],
    [
      'order 7KQ2MZ has payments in progress for its whole balance',
      'Order 7KQ2MZ is being paid already: wait for that payment to finish.',
    ],
    [
      'this payment session expired; send the payment event again',
      'This payment waited too long and was closed: start it again to pay.',
    ],
  ])('%s', (said, words) => {
    expect(conflict(said)).toBe(words);
    expectPeoplesSentence(words);
    expect(words).not.toMatch(/session|void|in progress|payment event/i);
  });

  it('a payment over the balance: what the order owes now, never a cause the figures cannot tell', () => {
    const over = new ApiError(409, 'CONFLICT', 'originalAmount (2310 cents) is more than …', undefined, {
      balanceDue: 1200,
      requestedAmount: 2310,
    });
    expect(refusalText(over)).toBe('This order has $12.00 left to pay, not $23.10. Reload the page to pay $12.00.');
    expect(refusalText(over)).not.toMatch(/paid already/);
  });

  it('a payment over the balance of an order paid in part: what is paid of what, and what is left', () => {
    const figures = { balanceDue: 1200, requestedAmount: 2310, paid: 1110, total: 2310 };
    const over = new ApiError(409, 'CONFLICT', 'originalAmount (2310 cents) is more than …', undefined, figures);
    expect(refusalText(over)).toBe('$11.10 of $23.10 is already paid; $12.00 is left. Reload the page to pay $12.00.');
    // Nothing paid (the lines changed): never "already paid".
    const nothingPaid = { ...figures, paid: 0, total: 1200 };
    const changed = new ApiError(409, 'CONFLICT', '…', undefined, nothingPaid);
    expect(refusalText(changed)).toBe('This order has $12.00 left to pay, not $23.10. Reload the page to pay $12.00.');
    // The integrator's PAYMENT_ERROR keeps the documented figures (the pole display hands them on).
    expect(failureDetails(over)).toEqual({ balanceDue: 1200, requestedAmount: 2310 });
    expect(failureDetails(new ApiError(409, 'CONFLICT', 'order X1 is already paid'))).toBeUndefined();
  });

  it('says which failures are worth trying again as they were', () => {
    expect(isPassingText(refusalText(new ApiError(0, 'NETWORK', 'offline')))).toBe(true);
    expect(isPassingText(refusalText(new ApiError(503, 'UNAVAILABLE', 'down')))).toBe(true);
    expect(isPassingText(conflict('order X1 is already paid'))).toBe(false);
    expect(isPassingText(refusalText(new ApiError(401, 'UNAUTHENTICATED', 'expired')))).toBe(false);
  });
});

describe('a refused sign-in, in the words of who is at the widget', () => {
  // The service's sentences: a token it never issued (or signed out) and one past its time.
  const notValid = new ApiError(401, 'UNAUTHENTICATED', 'bearer token is not valid (unknown or revoked); log in again');
  const expired = new ApiError(401, 'UNAUTHENTICATED', 'bearer token has expired; log in again');

  it('staff are told to sign in again, and "expired" only when the service says it expired', () => {
    for (const channel of ['pos', 'ffd', 'virtual_terminal'] as const) {
      expect(refusalText(notValid, channel)).toBe('This sign-in was not accepted. Sign in again, then try again.');
      expect(refusalText(expired, channel)).toBe('The sign-in has expired. Sign in again, then try again.');
    }
  });

  it('a shopper is told the same when the shop’s token may not take the payment (another entity)', () => {
    const forbidden = new ApiError(403, 'FORBIDDEN', 'entityId is not the entity (organization) of your token');
    expect(refusalText(forbidden, 'ecommerce')).toBe(
      'The shop could not start the payment. Reload the page, or contact the shop.',
    );
    // Staff did sign in: theirs still says the sign-in cannot take it.
    expect(refusalText(forbidden, 'pos')).toBe('This payment cannot be taken with this sign-in.');
  });

  it('a shopper online, who never signed in, is told the shop could not start the payment', () => {
    for (const error of [notValid, expired]) {
      const words = refusalText(error, 'ecommerce');
      expect(words).toBe('The shop could not start the payment. Reload the page, or contact the shop.');
      expect(eventRefusalMessage(error, 'ecommerce')).toBe(words);
      expectPeoplesSentence(words);
      expect(words).not.toMatch(/sign/i);
    }
  });
});
