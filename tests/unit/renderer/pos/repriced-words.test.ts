import { describe, expect, it } from 'vitest';
import { repricedWords } from '../../../../renderer/pos/logic/repriced-words';

const deal = (name: string, amount: string) => ({ dealId: name.toLowerCase(), name, amount });

describe('a ticket priced otherwise than the cart showed', () => {
  it('says nothing when the totals are the same', () => {
    expect(repricedWords({ total: '100.74', deals: [] }, { total: '100.74', deals: [] })).toBeNull();
  });

  it('names the deal the sale no longer gets, and the new total against the old', () => {
    const quoted = { total: '100.74', deals: [deal('Wednesday edibles', '14.13'), deal('Spring code', '5.00')] };
    const made = { total: '114.87', deals: [deal('Spring code', '5.00')] };
    expect(repricedWords(quoted, made)).toBe(
      'The total is now $114.87, not the $100.74 the cart showed: Wednesday edibles no longer applies. ' +
        'Tell the customer before taking payment.',
    );
  });

  it('names deals gone and deals come, several in one list', () => {
    const quoted = { total: '86.48', deals: [deal('A', '1.00'), deal('B', '1.00')] };
    const made = { total: '78.50', deals: [deal('C', '9.98')] };
    expect(repricedWords(quoted, made)).toBe(
      'The total is now $78.50, not the $86.48 the cart showed: A and B no longer apply; C now applies. ' +
        'Tell the customer before taking payment.',
    );
  });

  it("says the store's prices or deals changed when the same deals came to another total", () => {
    const quoted = { total: '20.00', deals: [deal('A', '2.00')] };
    expect(repricedWords(quoted, { total: '21.00', deals: [deal('A', '1.00')] })).toBe(
      "The total is now $21.00, not the $20.00 the cart showed: the store's prices or deals changed since the " +
        'cart was priced. Tell the customer before taking payment.',
    );
  });
});
