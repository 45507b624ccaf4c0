import { describe, expect, it } from 'vitest';
import { ownerNote } from '../../../../renderer/pos/logic/owner-note.js';

describe('what the empty cart says while the checkout shows an order taken over here', () => {
  it('an online order: its items while it is reviewed, its payment while it is paid, then handed over', () => {
    expect(ownerNote('online', 'AB23CD', 'review', false)).toBe(
      'Handing over online order AB23CD: its items and total are on the left. The cart waits for the next sale.',
    );
    for (const step of ['display', 'pos'] as const) {
      expect(ownerNote('online', 'AB23CD', step, false)).toBe(
        'Handing over online order AB23CD: its payment is on the left. The cart waits for the next sale.',
      );
    }
    expect(ownerNote('online', 'AB23CD', 'done', false)).toBe(
      'Online order AB23CD is handed over: New sale starts the next one.',
    );
  });

  it('a sale left paid in part: its rest taken here, its items in the cart, then paid', () => {
    expect(ownerNote('unfinished', 'AB23CD', 'pos', true)).toBe(
      'Taking the rest of order AB23CD, left paid in part: its items are below, its payment is on the left.',
    );
    expect(ownerNote('unfinished', 'AB23CD', 'done', true)).toBe('Order AB23CD is paid: New sale starts the next one.');
  });

  it('a sale left with nothing paid: taken again for payment, never said to be paid in part', () => {
    for (const step of ['display', 'pos'] as const) {
      const words = ownerNote('unfinished', 'AB23CD', step, false);
      expect(words).toBe(
        'Taking payment for order AB23CD again (nothing of it was paid): its items are below, its payment is on the left.',
      );
      expect(words).not.toContain('paid in part');
    }
  });
});
