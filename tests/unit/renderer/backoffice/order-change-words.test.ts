import { describe, expect, it } from 'vitest';
import {
  canceledWords,
  refundedWords,
  voidAskWords,
  voidedWords,
} from '../../../../renderer/backoffice/logic/order-change-words.js';

describe('what the orders screen says once the open order changed', () => {
  it('says a canceled order’s items are back in stock, and what it gave back of the customer’s points', () => {
    expect(canceledWords('AB23CD')).toBe('Order AB23CD is canceled; its items are back in stock.');
    expect(canceledWords('AB23CD', '120 points given back to Maria Garcia')).toBe(
      'Order AB23CD is canceled; its items are back in stock. Loyalty: 120 points given back to Maria Garcia.',
    );
  });

  it('says a voided payment’s money goes back, and what the order is now', () => {
    expect(voidedWords('AB23CD', 'open')).toBe(
      'The payment is voided and the money goes back; order AB23CD is now open.',
    );
  });

  const sold = { orderNumber: 'AB23CD', status: 'sold', changed: false };

  it('says what of which payment was refunded, never that the order it was refunded of is still sold', () => {
    expect(refundedWords(500, { method: 'Credit' }, { ...sold, refundedInAll: 500 })).toBe(
      '$5.00 of the Credit card payment is refunded.',
    );
  });

  it('says what is refunded in all after earlier refunds, and the new status when the refund changed it', () => {
    expect(refundedWords(500, { method: 'Credit' }, { ...sold, refundedInAll: 1500 })).toBe(
      '$5.00 of the Credit card payment is refunded. In all, $15.00 of order AB23CD is refunded.',
    );
    const reopened = { orderNumber: 'AB23CD', status: 'awaiting payment', changed: true, refundedInAll: 4314 };
    expect(refundedWords(4314, { method: 'Cash' }, reopened)).toBe(
      '$43.14 of the Cash payment is refunded. Order AB23CD is now awaiting payment.',
    );
  });

  it('says how many items came back by items, and whether they are back in stock', () => {
    expect(refundedWords(2610, { method: 'Cash' }, { ...sold, refundedInAll: 2610 }, { count: 2, restock: true })).toBe(
      '2 items came back: $26.10 of the Cash payment is refunded. They are back in stock.',
    );
    expect(
      refundedWords(1000, { method: 'Cash' }, { ...sold, refundedInAll: 3610 }, { count: 1, restock: false }),
    ).toBe('1 item came back: $10.00 of the Cash payment is refunded. In all, $36.10 of order AB23CD is refunded.');
  });

  it('names every payment a return split over them gave back from, counting them all as this refund', () => {
    const rest = [{ method: 'Cash' as const, amount: 1000 }];
    const items = { count: 2, restock: false, rest };
    expect(refundedWords(3314, { method: 'Credit' }, { ...sold, refundedInAll: 4314 }, items)).toBe(
      '2 items came back: $33.14 of the Credit card payment and $10.00 of the Cash payment are refunded.',
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
