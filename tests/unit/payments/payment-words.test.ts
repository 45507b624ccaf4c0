import { describe, expect, it } from 'vitest';
import { paymentWords, statusWords } from '../../../electron/server/payments/pay/payment-words.js';

describe('a payment in words, for refusals', () => {
  it('names the method, the amount charged and the order, never the id', () => {
    expect(paymentWords({ method: 'Credit', charged: 1624, amount: 1600, ticketAlphaNumId: 'CAZL9W' })).toBe(
      'The Credit card payment of $16.24 for order CAZL9W',
    );
    // A payment with no order (ecommerce), not charged yet: its amount.
    expect(paymentWords({ method: 'ACH', charged: 0, amount: 125000, ticketAlphaNumId: null })).toBe(
      'The Bank transfer (ACH) payment of $1,250.00',
    );
  });

  it('says a status as a sentence does', () => {
    expect(statusWords('refunded')).toBe('refunded');
    expect(statusWords('pending')).toBe('still pending');
    expect(statusWords('error')).toBe('not processed');
  });
});
