import { describe, expect, it } from 'vitest';
import {
  canceledWords,
  refundedWords,
  voidAskWords,
  voidedWords,
} from '../../../../renderer/backoffice/logic/order-change-words.js';

describe('what the orders screen says once the open order changed', () => {
  it('says a canceled order’s items are back in stock', () => {
    expect(canceledWords('AB23CD')).toBe('Order AB23CD is canceled; its items are back in stock.');
  });

  it('says a voided payment’s money goes back, and what the order is now', () => {
    expect(voidedWords('AB23CD', 'open')).toBe(
      'The payment is voided and the money goes back; order AB23CD is now open.',
    );
  });

  it('says what of which payment was refunded, and what the order is', () => {
    expect(refundedWords(500, { method: 'Credit' }, 'AB23CD', 'paid')).toBe(
      '$5.00 of the Credit card payment is refunded; order AB23CD is paid.',
    );
  });

  it('says how many items came back by items, and whether they are back in stock', () => {
    expect(refundedWords(2610, { method: 'Cash' }, 'AB23CD', 'paid', { count: 2, restock: true })).toBe(
      '2 items came back: $26.10 of the Cash payment is refunded; order AB23CD is paid. They are back in stock.',
    );
    expect(refundedWords(1000, { method: 'Cash' }, 'AB23CD', 'paid', { count: 1, restock: false })).toBe(
      '1 item came back: $10.00 of the Cash payment is refunded; order AB23CD is paid.',
    );
  });

  it('names every payment a return split over them gave back from', () => {
    const rest = [{ method: 'Cash' as const, amount: 1000 }];
    expect(refundedWords(3314, { method: 'Credit' }, 'AB23CD', 'refunded', { count: 2, restock: false, rest })).toBe(
      '2 items came back: $33.14 of the Credit card payment and $10.00 of the Cash payment are refunded; ' +
        'order AB23CD is refunded.',
    );
  });

  it('asks a void in what goes back: all a cashless ATM card was charged, and its cash back to take back', () => {
    const card = { originalAmount: 1479, chargedAmount: 1479, cashbackAmount: 0 };
    expect(voidAskWords(card, 'AB23CD')).toBe(
      '$14.79 goes back to the customer, and order AB23CD awaits payment again. This cannot be undone.',
    );
    const atm = { originalAmount: 1479, chargedAmount: 2000, cashbackAmount: 521 };
    expect(voidAskWords(atm, 'AB23CD')).toBe(
      '$20.00 goes back to the card, with the $5.21 cash back the customer took, and order AB23CD awaits payment ' +
        'again. Take the $5.21 cash back from the customer and put it back in the drawer. This cannot be undone.',
    );
    expect(voidedWords('AB23CD', 'open', atm)).toBe(
      'The payment is voided and the money goes back; order AB23CD is now open. Take the $5.21 cash back from the ' +
        'customer and put it back in the drawer.',
    );
  });
});
