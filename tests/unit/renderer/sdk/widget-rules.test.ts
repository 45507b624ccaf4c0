import { describe, expect, it } from 'vitest';
import type { AvailableMethod, PaymentRecord } from '../../../../shared/contracts/payment';
import type { WidgetOptions } from '../../../../renderer/sdk/protocol';
import { abaValid, routingError } from '../../../../renderer/sdk/paylink/aba';
import {
  cvcError,
  expiryError,
  formatExpiry,
  groupDigits,
  numberError,
} from '../../../../renderer/sdk/widget/card-rules';
import { optionOf, optionSelected, paymentError, resultEnvelope } from '../../../../renderer/sdk/widget/envelopes';
import { offeredMethods, splitPrimary } from '../../../../renderer/sdk/widget/methods';
import { failureText } from '../../../../renderer/sdk/widget/widget-config';
import { ApiError } from '../../../../renderer/common/http';

const method = (paymentMethod: AvailableMethod['paymentMethod'], label: string): AvailableMethod => ({
  paymentMethod,
  label,
  entry: 'pinpad',
  processorId: 'p',
  processorName: 'sandbox',
  locationId: null,
  paymentDeviceConfigurationId: null,
  maxAmount: null,
  unavailableReason: null,
});
const ALL = [
  method('Cash', 'Cash'),
  method('ATM', 'Cashless ATM'),
  method('Debit', 'Debit card'),
  method('Credit', 'Credit card'),
];
const options = (
  channel: WidgetOptions['channel'],
  rules: WidgetOptions['disablePaymentMethods'] = [],
): WidgetOptions => ({
  channel,
  debug: false,
  disablePaymentMethods: rules,
  paylinkDeliveryMethod: 'redirect',
  positionFixed: false,
  colors: {},
});

describe('keyed card checks (the same rules as the service)', () => {
  it.each([
    ['4242 4242 4242 4242', null],
    ['4242 4242 4242 4241', 'This card number is not valid. Check the digits.'],
    ['4242', 'The card number has 12 to 19 digits.'],
    ['', 'Enter the card number.'],
  ])('card number %s', (number, error) => expect(numberError(number)).toBe(error));

  it('expiry must be MM/YY and not past', () => {
    const now = new Date('2026-11-23T00:00:00Z');
    expect(expiryError('11/26', now)).toBeNull();
    expect(expiryError('10/26', now)).toBe('This card has expired.');
    expect(expiryError('13/30', now)).toBe('The month must be 01 to 12.');
    expect(expiryError('1230', now)).toBe('Enter the expiry as MM/YY.');
  });

  it('the security code has 4 digits for American Express, 3 otherwise', () => {
    expect(cvcError('1234', '3782 822463 10005')).toBeNull();
    expect(cvcError('123', '3782 822463 10005')).toBe('Enter the 4-digit security code.');
    expect(cvcError('123', '4242424242424242')).toBeNull();
  });

  it('formats as the customer types', () => {
    expect(groupDigits('4242424242424242999')).toBe('4242 4242 4242 4242 999');
    expect(formatExpiry('1239')).toBe('12/39');
    expect(formatExpiry('1')).toBe('1');
  });
});

describe('ABA routing numbers', () => {
  it('checks the 3-7-1 checksum', () => {
    expect(abaValid('011000015')).toBe(true);
    expect(abaValid('011000016')).toBe(false);
    expect(routingError('01100001')).toBe('The routing number has 9 digits.');
  });
});

describe('methods offered', () => {
  it('orders cards first, and never hides a single method behind Others', () => {
    const { primary, others } = splitPrimary(offeredMethods(ALL, options('pos')));
    expect(primary.map((m) => m.paymentMethod)).toEqual(['Credit', 'Debit', 'Cash', 'ATM']);
    expect(others).toEqual([]);
    const five = [...ALL, method('ACH', 'Bank transfer (ACH)')];
    const split = splitPrimary(offeredMethods(five, options('pos')));
    expect(split.primary.map((m) => m.paymentMethod)).toEqual(['Credit', 'Debit', 'ACH']);
    expect(split.others.map((m) => m.paymentMethod)).toEqual(['Cash', 'ATM']);
  });

  it('applies disablePaymentMethods: hidden removes; message keeps it in ecommerce only', () => {
    const rules: WidgetOptions['disablePaymentMethods'] = [
      { paymentMethod: 'Cash', action: 'hidden' },
      { paymentMethod: 'Credit', action: 'message', message: 'Not today' },
    ];
    expect(offeredMethods(ALL, options('pos', rules)).map((m) => m.paymentMethod)).toEqual(['Debit', 'ATM']);
    const ecommerce = offeredMethods(ALL, options('ecommerce', rules));
    expect(ecommerce.find((m) => m.paymentMethod === 'Credit')?.disabledMessage).toBe('Not today');
  });
});

describe('envelopes (spec 2.8, 6)', () => {
  it('PAYMENT_OPTION_SELECTED has no userMessage; ATM is "Rounded Debit"', () => {
    const envelope = optionSelected(optionOf('ATM'), 'ATM', 'sandbox');
    expect(envelope).toEqual({
      eventType: 'PAYMENT_OPTION_SELECTED',
      processorName: 'sandbox',
      paymentMethod: 'ATM',
      data: { option: 'Rounded Debit' },
    });
    expect('userMessage' in envelope).toBe(false);
  });

  it('PAYMENT_ERROR carries the reason and empty data', () => {
    expect(paymentError('Declined: insufficient funds', 'Credit', 'sandbox')).toEqual({
      eventType: 'PAYMENT_ERROR',
      userMessage: 'Declined: insufficient funds',
      processorName: 'sandbox',
      paymentMethod: 'Credit',
      data: {},
    });
  });

  it('PAYMENT_ERROR of a refusal with figures passes them beside the empty data (a payment over the balance due)', () => {
    const details = { balanceDue: 51, requestedAmount: 2958 };
    expect(paymentError('originalAmount (2958 cents) is more than …', '', '', details)).toEqual({
      eventType: 'PAYMENT_ERROR',
      userMessage: 'originalAmount (2958 cents) is more than …',
      processorName: '',
      paymentMethod: '',
      data: {},
      details,
    });
    expect(paymentError('Declined', 'Credit', 'sandbox', undefined)).not.toHaveProperty('details');
  });

  it('says a payment over the balance due from its figures, in dollars; any other refusal in words (refusal-words.test.ts)', () => {
    const over = new ApiError(
      409,
      'CONFLICT',
      'amount (2858 cents) is more than the balance due of order X (2658 cents)',
      undefined,
      {
        balanceDue: 2658,
        requestedAmount: 2858,
      },
    );
    // Not why (paid in part, lines changed, a wrong amount sent): the figures cannot tell.
    expect(failureText(over)).toBe('This order has $26.58 left to pay, not $28.58. Reload the page to pay $26.58.');
    expect(failureText(new ApiError(409, 'CONFLICT', 'order X is already paid'))).toBe('Order X is already paid.');
    expect(failureText(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('a record maps to its envelope by status; a pending one to none', () => {
    const record = {
      status: 'approved',
      method: 'Cash',
      processorName: 'cash',
      changeDue: 500,
      cashbackAmount: 0,
    } as PaymentRecord;
    expect(resultEnvelope(record)).toMatchObject({
      eventType: 'PAYMENT_APPROVED',
      userMessage: 'Payment approved: change due $5.00',
      data: record,
    });
    expect(resultEnvelope({ ...record, status: 'canceled' })).toMatchObject({
      eventType: 'PAYMENT_CANCELED',
      userMessage: 'Payment canceled',
    });
    expect(
      resultEnvelope({ ...record, status: 'declined', processorResponseDetailMessage: 'Declined: do not honor' }),
    ).toMatchObject({
      eventType: 'PAYMENT_ERROR',
      userMessage: 'Declined: do not honor',
      data: {},
    });
    expect(resultEnvelope({ ...record, status: 'pending' })).toBeUndefined();
  });
});
