import { describe, expect, it } from 'vitest';
import { offersReturn, returnedWords, returnProblem } from '../../../../renderer/pos/logic/counter-return';

describe('a return at the counter: which orders offer it', () => {
  it('offers it of a paid sale handed over, never of one still open, canceled or unpaid', () => {
    const sale = { status: 'COMPLETED', paymentStatus: 'PAID', total: '29.58', paid: '29.58' } as const;
    expect(offersReturn(sale)).toBe(true);
    expect(offersReturn({ ...sale, status: 'PAID' })).toBe(false);
    expect(offersReturn({ ...sale, status: 'CANCELED' })).toBe(false);
    expect(offersReturn({ ...sale, paymentStatus: 'UNPAID' })).toBe(false);
  });

  it('offers it while some of the sale is left to give back, not once all of it was refunded', () => {
    const sale = { status: 'COMPLETED', paymentStatus: 'PAID', total: '29.58', paid: '29.58' } as const;
    expect(offersReturn({ ...sale, refunded: '14.79' })).toBe(true);
    expect(offersReturn({ ...sale, refunded: '29.58' })).toBe(false);
  });
});

describe('a return at the counter: what the cashier is told', () => {
  it('says cash comes from the drawer, and names the card it went back to', () => {
    expect(returnedWords(1234, { method: 'Cash', cardLast4: null })).toBe(
      '$12.34 refunded in cash: hand it to the customer from the drawer.',
    );
    expect(returnedWords(1234, { method: 'Credit', cardLast4: '4242' })).toBe(
      '$12.34 refunded to the card ending 4242.',
    );
    expect(returnedWords(500, { method: 'Debit', cardLast4: null })).toBe("$5.00 refunded to the customer's card.");
    expect(returnedWords(500, { method: 'ACH', cardLast4: null })).toBe(
      "$5.00 refunded to the customer's bank account.",
    );
  });
});

describe('a return at the counter: what stops it before it is sent', () => {
  it('asks for a reason, then for the manager and a PIN of 4 to 8 digits when one is asked', () => {
    expect(returnProblem('  ')).toBe('Say why the items come back.');
    expect(returnProblem('Wrong item')).toBeNull();
    expect(returnProblem('Wrong item', { username: '', pin: '2580' })).toBe(
      'Pick the manager who approves the return.',
    );
    expect(returnProblem('Wrong item', { username: 'manager', pin: '25' })).toBe(
      "Enter the manager's PIN: 4 to 8 digits.",
    );
    expect(returnProblem('Wrong item', { username: 'manager', pin: '2580' })).toBeNull();
  });
});
