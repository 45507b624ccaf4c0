import { describe, expect, it } from 'vitest';
import { RefundAttempt } from '../../../../renderer/common/refund-attempt';
import {
  defaultPaymentId,
  itemCount,
  ofText,
  overText,
  paymentText,
  quantityText,
  summaryText,
} from '../../../../renderer/common/refund-items';
import { refundableOrder } from './refund-items-fixture';

const { lines, payments } = refundableOrder();

describe('refund by items: quantities in words', () => {
  it('says units as whole numbers and weights in grams to the milligram', () => {
    expect(quantityText(2000, false)).toBe('2');
    expect(quantityText(1500, true)).toBe('1.5 g');
    expect(quantityText(1, true)).toBe('0.001 g');
    expect(ofText(2000, 3000, false)).toBe('2 of 3');
    expect(ofText(1500, 3500, true)).toBe('1.5 g of 3.5 g');
  });

  it('counts a unit line by its units and a weighed line as one item', () => {
    expect(itemCount(lines, [2000, 1500])).toBe(3);
    expect(itemCount(lines, [0, 250])).toBe(1);
    expect(itemCount(lines, [0, 0])).toBe(0);
  });
});

describe('refund by items: what it comes to', () => {
  it('says how many items, the money back and the tax within it', () => {
    expect(summaryText(2, 2610, 340)).toBe('2 items · $26.10 back, tax $3.40 included');
    expect(summaryText(1, 1380, 0)).toBe('1 item · $13.80 back');
    expect(summaryText(0, 0, 0)).toBe('Nothing chosen yet: choose how much of each item comes back.');
  });

  it('names each payment with what it has left, and says when the items are worth more', () => {
    expect(paymentText(payments[0]!)).toBe('Cash · $20.00 left');
    expect(overText(3745, payments[0]!)).toBe(
      'These items are worth $37.45; the Cash payment has only $20.00 left to refund.',
    );
  });
});

describe('refund by items: the payment it comes from', () => {
  it('is the one with the most left, or the one the manager opened it from while it has some', () => {
    expect(defaultPaymentId(payments)).toBe('p-card');
    expect(defaultPaymentId(payments, 'p-cash')).toBe('p-cash');
    const cashDone = [{ ...payments[0]!, refundableCents: 0 }, payments[1]!];
    expect(defaultPaymentId(cashDone, 'p-cash')).toBe('p-card');
    expect(defaultPaymentId([{ ...payments[0]!, refundableCents: 0 }])).toBe('');
  });
});

describe('a refund by items keeps its Idempotency-Key', () => {
  const request = { paymentId: 'p1', amount: 2760, reason: 'Returned', lines: [{ itemId: 'i-1', quantity: 2 }] };

  it('for the same lines sent again, and takes a new one for other lines or another stock choice', () => {
    let n = 0;
    const attempt = new RefundAttempt(() => `key-${++n}`);
    expect(attempt.keyFor(request)).toBe('key-1');
    expect(attempt.keyFor({ ...request, lines: [{ itemId: 'i-1', quantity: 2 }] })).toBe('key-1');
    expect(attempt.keyFor({ ...request, lines: [{ itemId: 'i-1', quantity: 1 }] })).toBe('key-2');
    expect(attempt.keyFor({ ...request, lines: [{ itemId: 'i-1', quantity: 1 }], restock: true })).toBe('key-3');
    // The same money by amount is another request than by items.
    expect(attempt.keyFor({ paymentId: 'p1', amount: 2760, reason: 'Returned' })).toBe('key-4');
  });
});
