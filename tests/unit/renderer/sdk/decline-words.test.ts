import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http';
import { paylinkMessage, paylinkRefusal } from '../../../../renderer/sdk/paylink/paylink-words';
import { failureMessage } from '../../../../renderer/sdk/widget/envelopes';
import { declineWords, outcomeSentence } from '../../../../renderer/sdk/widget/refusal-words';
import type { PaymentRecord } from '../../../../shared/contracts/payment';
import type { PaylinkInfo } from '../../../../shared/contracts/paylink';

describe('a decline is said in words, without the processor’s code', () => {
  it.each([
    [
      'Declined: insufficient funds in the bank account (R01)',
      'R01',
      'Declined: insufficient funds in the bank account',
    ],
    ['Declined: insufficient funds in the bank account (R01)', '', 'Declined: insufficient funds in the bank account'],
    ['Declined [D51]', 'D51', 'Declined'],
    ['Declined R01', 'R01', 'Declined'],
    ['Declined: insufficient funds, code 51', '51', 'Declined: insufficient funds'],
    ['Response code 96', '96', ''],
    ['Declined: insufficient funds', '51', 'Declined: insufficient funds'],
    [
      'Processor error: the processor could not handle the request',
      '96',
      'Processor error: the processor could not handle the request',
    ],
  ])('%s (code %s) → %s', (detail, code, words) => {
    expect(declineWords(detail, code)).toBe(words);
  });

  it('keeps figures that only look like the code', () => {
    expect(declineWords('Declined: over the $10.05 limit', '05')).toBe('Declined: over the $10.05 limit');
  });

  it('the widget’s userMessage of a decline has no code, and falls back to words when the detail was only one', () => {
    const record = (detail: string, code: string) =>
      ({ status: 'declined', processorResponseDetailMessage: detail, processorResponseCode: code }) as PaymentRecord;
    expect(failureMessage(record('Declined: insufficient funds in the bank account (R01)', 'R01'))).toBe(
      'Declined: insufficient funds in the bank account',
    );
    expect(failureMessage(record('Response code 12', '12'))).toBe('The payment was declined.');
  });
});

describe('under the "Payment declined" heading, the widget says why without repeating "declined"', () => {
  it.each([
    ['Declined: insufficient funds', 'declined', '51', 'Insufficient funds.'],
    ['Declined: incorrect PIN', 'declined', '55', 'Incorrect PIN.'],
    [
      'Declined: insufficient funds in the bank account (R01)',
      'declined',
      'R01',
      'Insufficient funds in the bank account.',
    ],
    ['Declined R01', 'declined', 'R01', ''],
    ['Response code 05', 'declined', '05', ''],
    ['Declined by the card issuer', 'declined', '', 'Declined by the card issuer.'],
    [
      'Processor error: the processor could not handle the request',
      'error',
      '96',
      'Processor error: the processor could not handle the request.',
    ],
  ])('%s (%s, code %s) → %s', (detail, status, code, words) => {
    expect(outcomeSentence(detail, status, code)).toBe(words);
  });
});

describe('the paylink page says the bank’s answer and every refusal in the customer’s words', () => {
  const info = (status: PaylinkInfo['status'], message: string) => ({ status, message }) as PaylinkInfo;

  it('the bank’s answer without its code, and without a "Declined:" the title says', () => {
    expect(paylinkMessage(info('declined', 'Declined: insufficient funds in the bank account (R01)'))).toBe(
      'Insufficient funds in the bank account.',
    );
    expect(paylinkMessage(info('error', 'Processor error: the processor could not handle the request'))).toBe(
      'Processor error: the processor could not handle the request.',
    );
    expect(paylinkMessage(info('declined', 'Response code 05'))).toBe('');
  });

  it.each([
    [
      new ApiError(
        400,
        'INVALID_INPUT',
        'token (params) must be a payment link’s token (spl_ and 43 letters, digits, - or _)',
      ),
      'This payment link is incomplete. Open it again from the message the store sent, or ask the store for a new one.',
    ],
    [
      new ApiError(400, 'INVALID_INPUT', 'routingNumber is not a valid ABA routing number (its checksum is wrong)'),
      'This routing number is not valid. Check the digits on your check.',
    ],
    [
      new ApiError(400, 'INVALID_INPUT', 'accountNumber must be 4 to 17 digits'),
      'The account number has 4 to 17 digits.',
    ],
    [new ApiError(400, 'INVALID_INPUT', 'accountHolder must be 2 to 100 characters'), 'Enter the name on the account.'],
    [
      new ApiError(400, 'INVALID_INPUT', 'nickname is not an allowed field'),
      'The bank account details were not accepted. Check them, then try again.',
    ],
    [
      new ApiError(404, 'NOT_FOUND', 'this paylink does not exist; ask the store for a new one'),
      'This payment link does not exist. Ask the store for a new one.',
    ],
    [
      new ApiError(429, 'RATE_LIMITED', 'too many requests; retry in 30 s'),
      'Too many tries in a short time. Wait a moment, then try again.',
    ],
    [
      new ApiError(0, 'NETWORK', 'The service cannot be reached. Check that it is running.'),
      'The payment service cannot be reached. Check the connection, then try again.',
    ],
  ])('%s', (error, words) => {
    expect(paylinkRefusal(error)).toBe(words);
  });
});
