import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  balanceWords,
  canceledWords,
  leftToPayWords,
  paidBefore,
  paymentFailureWords,
} from '../../../../renderer/pos/logic/order-balance.js';
import { shortfallNotice, shortfallWords } from '../../../../renderer/pos/logic/shortfall-words.js';

const paid = (status: 'approved' | 'declined' | 'pending' | 'voided', originalAmount: number) => ({
  status,
  originalAmount,
});

describe("an order's balance at the checkout", () => {
  it('counts approved and pending payments, never declined or voided ones', () => {
    const balance = balanceOf(2958, [paid('approved', 2907), paid('declined', 51), paid('voided', 100)]);
    expect(balance).toEqual({ total: 2958, paid: 2907, pending: 0, due: 51 });
    expect(balanceOf(2958, [paid('approved', 2907), paid('pending', 51)]).due).toBe(0);
    expect(balanceOf(2958, []).due).toBe(2958);
  });

  it('tells the pole display what the order of that total has paid, at most its total', () => {
    expect(paidBefore(balanceOf(1479, [paid('approved', 500), paid('pending', 979)]), 1479)).toBe(500);
    // An ACH authorization of an order whose lines went down since holds more than its total.
    expect(paidBefore(balanceOf(5521, [paid('approved', 6507)]), 5521)).toBe(5521);
    // Another order's balance (another total), or none read: nothing is said.
    expect(paidBefore(balanceOf(2958, [paid('approved', 500)]), 1479)).toBe(0);
    expect(paidBefore(null, 1479)).toBe(0);
  });

  it('says what is paid and due only for an order paid in part', () => {
    expect(balanceWords(balanceOf(2958, [paid('approved', 2907)]))).toBe('Paid $29.07 · $0.51 due');
    expect(balanceWords(balanceOf(2958, []))).toBeNull();
    expect(balanceWords(balanceOf(2958, [paid('approved', 2958)]))).toBeNull();
    expect(balanceWords(null)).toBeNull();
  });

  it('adds what is left to pay after a decline once part is paid', () => {
    expect(leftToPayWords(balanceOf(2958, [paid('approved', 2907)]))).toBe('$0.51 left to pay.');
    expect(leftToPayWords(balanceOf(2958, []))).toBe('');
  });

  it('says a refusal over the balance due from its figures, in dollars and words, never its field or cents', () => {
    const failure = {
      message: 'originalAmount (2958 cents) is more than the balance due of order SH67B2 (51 cents)',
      details: { balanceDue: 51, requestedAmount: 2958 },
    };
    const words = paymentFailureWords(failure, 'SH67B2', balanceOf(2958, [paid('approved', 2907)]));
    expect(words).toBe(
      'Order SH67B2 has $0.51 left to pay, not $29.58: part of it is paid already. Take the payment again.',
    );
    // The figures are read from the data, not the sentence.
    expect(
      paymentFailureWords({ message: 'refused', details: { balanceDue: 120, requestedAmount: 500 } }, 'AB12', null),
    ).toBe('Order AB12 has $1.20 left to pay, not $5.00: part of it is paid already. Take the payment again.');
  });

  it('says other failures in their own words, with what is left to pay once part is paid', () => {
    expect(paymentFailureWords({ message: 'Declined: insufficient funds' }, 'SH67B2', null)).toBe(
      'Declined: insufficient funds.',
    );
    expect(
      paymentFailureWords(
        { message: 'Declined: insufficient funds!' },
        'SH67B2',
        balanceOf(2958, [paid('approved', 2907)]),
      ),
    ).toBe('Declined: insufficient funds! $0.51 left to pay.');
    // A refusal without figures is said as the service put it, as a sentence, never parsed.
    expect(paymentFailureWords({ message: 'order SH67B2 is already paid' }, 'SH67B2', null)).toBe(
      'Order SH67B2 is already paid.',
    );
  });
});

describe('a ticket filled in part', () => {
  const lines = [
    { productId: 'p1', name: 'Trial Kush', unit: '' },
    { productId: 'p2', name: 'Gummies', unit: '' },
    { productId: 'p3', name: 'House Flower', unit: 'g' },
  ];

  it('names each short line and what it holds', () => {
    const words = shortfallWords(
      {
        unavailableItems: [
          { productId: 'p1', requestedQuantity: 20, availableQuantity: 15, reason: 'INSUFFICIENT_STOCK' },
          { productId: 'p2', requestedQuantity: 2, availableQuantity: 0, reason: 'OUT_OF_STOCK' },
          { productId: 'p3', requestedQuantity: 3.5, availableQuantity: 2.25, reason: 'INSUFFICIENT_STOCK' },
        ],
      },
      lines,
    );
    expect(words).toEqual([
      'Trial Kush: 15 of 20 — only 15 were in stock',
      'Gummies: 0 of 2 — none were in stock',
      'House Flower: 2.25 g of 3.5 g — only 2.25 g were in stock',
    ]);
    expect(shortfallNotice(words.slice(0, 1))).toBe(
      'Trial Kush: 15 of 20 — only 15 were in stock. The order holds what was in stock; the cart and total now show it.',
    );
    expect(shortfallNotice([])).toBe('');
  });
});

describe('canceledWords', () => {
  it('says why a payment was canceled where the service recorded it, else only that it was', () => {
    expect(canceledWords('Canceled: the customer started paying this order online')).toBe(
      'Payment canceled: the customer started paying this order online.',
    );
    expect(canceledWords('Canceled')).toBe('Payment canceled.');
    expect(canceledWords('')).toBe('Payment canceled.');
    expect(canceledWords(undefined)).toBe('Payment canceled.');
  });
});
