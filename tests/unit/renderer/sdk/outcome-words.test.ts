import { describe, expect, it } from 'vitest';
import { orderStanding, outcomeWords, shopperOutcome } from '../../../../renderer/sdk/widget/outcome-words';
import type { Outcome } from '../../../../renderer/sdk/widget/widget-state';
import type { PaymentRecord } from '../../../../shared/contracts/payment';

/** A payment as the sandbox answers it (docs/payments.md, "Sandbox outcomes"). */
function record(fields: Partial<PaymentRecord>): PaymentRecord {
  return {
    status: 'declined',
    method: 'Credit',
    providerPaymentType: 'card_not_present',
    processorResponseCode: '05',
    processorResponseDetailMessage: 'Declined: do not honor',
    originalAmount: 1110,
    tipAmount: 0,
    ...fields,
  } as PaymentRecord;
}

const outcome = (paid: PaymentRecord, message: string): Outcome => ({
  kind: paid.status as Outcome['kind'],
  title: 'Payment declined',
  message,
  record: paid,
  method: null,
});

/** Words a shopper reads: none of the processor's ("honor", "processor", "PIN" online) and a next step. */
function expectShoppersWords(words: string): void {
  expect(words).not.toMatch(/honor|processor|declined:|\(\w*\d+\)/i);
  expect(words).toMatch(/another way to pay|try again/i);
}

describe('a decline or processor error as a shopper reads it', () => {
  it.each([
    ['05', 'Declined: do not honor', 'Your bank declined this card. Try another card or another way to pay.'],
    [
      '51',
      'Declined: insufficient funds',
      'Your bank declined this card: there is not enough money on it. Try another card or another way to pay.',
    ],
    // A card keyed online has no PIN: its bank declined it.
    ['55', 'Declined: incorrect PIN', 'Your bank declined this card. Try another card or another way to pay.'],
    [
      'D51',
      'Insufficient funds',
      'Your bank declined this card: there is not enough money on it. Try another card or another way to pay.',
    ],
  ])('a keyed card, code %s (%s)', (code, detail, words) => {
    const said = shopperOutcome(record({ processorResponseCode: code, processorResponseDetailMessage: detail }));
    expect(said).toBe(words);
    expectShoppersWords(said);
    expect(said).not.toMatch(/\bPIN\b/);
  });

  it('a wrong PIN is said where one was typed: the PIN pad', () => {
    const atPinpad = record({
      providerPaymentType: 'card_present',
      processorResponseCode: '55',
      processorResponseDetailMessage: 'Declined: incorrect PIN',
    });
    expect(shopperOutcome(atPinpad)).toBe('The PIN was not correct. Try again, or choose another way to pay.');
  });

  it('a bank transfer, and a processor error', () => {
    const ach = record({ method: 'ACH', providerPaymentType: 'ach', processorResponseCode: 'R01' });
    expect(shopperOutcome(ach)).toMatch(/^Your bank declined the payment: there is not enough money in the account\./);
    const error = record({
      status: 'error',
      processorResponseCode: '96',
      processorResponseDetailMessage: 'Processor error: the processor could not handle the request',
    });
    expect(shopperOutcome(error)).toBe('The payment did not go through. Try again, or choose another way to pay.');
    expectShoppersWords(shopperOutcome(error));
  });

  it('to a shopper online or at the pole display; staff keep the reason, but never a PIN for a keyed card', () => {
    const doNotHonor = outcome(record({}), 'Do not honor.');
    expect(outcomeWords(doNotHonor, 'ecommerce')).toBe(shopperOutcome(doNotHonor.record!));
    expect(outcomeWords(doNotHonor, 'ffd')).toBe(shopperOutcome(doNotHonor.record!));
    expect(outcomeWords(doNotHonor, 'pos')).toBe('Do not honor.');
    const keyedPin = outcome(record({ processorResponseCode: '55' }), 'Incorrect PIN.');
    expect(outcomeWords(keyedPin, 'virtual_terminal')).toBe('The card’s bank declined it.');
    const approved = outcome(record({ status: 'approved' }), 'Payment approved');
    expect(outcomeWords(approved, 'ecommerce')).toBe('Payment approved');
  });
});

describe('what an approval leaves of the order', () => {
  const paid = record({ status: 'approved', originalAmount: 2310 });

  it('the order grew meanwhile (or the page sent less): what is still due', () => {
    const session = { order: { paid: 2310, balanceDue: 1109 }, amountPaid: 2310 };
    expect(orderStanding(paid, session)).toEqual({ stillDue: 1109, paidInAll: 2310 });
  });

  it('the last part of a split tender: what the order’s payments paid in all', () => {
    const last = record({ status: 'approved', originalAmount: 610 });
    expect(orderStanding(last, { order: { paid: 1110, balanceDue: 0 }, amountPaid: 1110 })).toEqual({
      stillDue: 0,
      paidInAll: 1110,
    });
  });

  it('a payment without an order: the session’s payments', () => {
    expect(orderStanding(paid, { order: null, amountPaid: 2310 })).toEqual({ stillDue: 0, paidInAll: 2310 });
  });
});
