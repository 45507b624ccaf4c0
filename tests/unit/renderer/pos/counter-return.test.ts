import { describe, expect, it } from 'vitest';
import {
  offersReturn,
  returnedPointsWords,
  returnedWords,
  returnPreviewWords,
  returnProblem,
} from '../../../../renderer/pos/logic/counter-return';
import { GUMMIES_POINTS } from '../../loyalty/gummies-sale.js';

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

describe("a return at the counter: what it moved of the customer's points", () => {
  const refund = (points?: { takenBack: number; givenBack: number; expired?: number }) => ({
    kind: 'refund' as const,
    points,
  });
  const paid = { kind: 'payment' as const };

  it("says the points the order's history pairs with the return's refund, not an earlier one's", () => {
    const steps = [paid, refund({ takenBack: 5, givenBack: 0 }), refund({ takenBack: 3, givenBack: 78 })];
    expect(returnedPointsWords(steps, 1)).toBe('Loyalty: 3 points taken back, 78 given back.');
    expect(returnedPointsWords([paid, refund({ takenBack: 1, givenBack: 0 })], 1)).toBe('Loyalty: 1 point taken back.');
  });

  it('adds up the refunds of a return given back across two payments', () => {
    const steps = [paid, paid, refund({ takenBack: 2, givenBack: 40 }), refund({ takenBack: 1, givenBack: 38 })];
    expect(returnedPointsWords(steps, 2)).toBe('Loyalty: 3 points taken back, 78 given back.');
  });

  it('says apart those taken back that had expired already, as the preview before the return did', () => {
    const steps = [paid, refund({ takenBack: 2, givenBack: 40, expired: 1 }), refund({ takenBack: 1, givenBack: 38 })];
    expect(returnedPointsWords(steps, 2)).toBe(
      'Loyalty: 3 points taken back, 78 given back; 1 of the 3 earned had expired already and is not taken again.',
    );
  });

  it('says nothing when the return moved no points (no customer, or no programme)', () => {
    expect(returnedPointsWords([paid, refund()], 1)).toBe('');
    expect(returnedPointsWords([paid, refund({ takenBack: 4, givenBack: 0 }), refund()], 1)).toBe('');
  });
});

describe("a return at the counter: what it will move of the customer's points, before it is made", () => {
  const points = GUMMIES_POINTS;
  const chosen = (gummies: number, grinder: number) => [
    { itemId: 'gummies', milli: gummies },
    { itemId: 'grinder', milli: grinder },
  ];

  it('says what the lines chosen take back and give back, as the service counts them', () => {
    expect(returnPreviewWords(points, 1000, chosen(1000, 0))).toBe(
      "Maria's points: this return takes back 16 earned on the sale and gives back 33 spent on it.",
    );
    expect(returnPreviewWords(points, 1000, chosen(0, 1000))).toBe(
      "Maria's points: this return gives back 33 spent on the sale.",
    );
  });

  it('says nothing while nothing is chosen, or for a sale that moved no points (or whose points are not read)', () => {
    expect(returnPreviewWords(points, 0, chosen(0, 0))).toBe('');
    expect(returnPreviewWords({ ...points, customer: null, sale: null }, 1000, chosen(1000, 0))).toBe('');
    expect(returnPreviewWords(null, 1000, chosen(1000, 0))).toBe('');
  });
});
