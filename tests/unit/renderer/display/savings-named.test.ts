import { describe, expect, it } from 'vitest';
import { moreSavings, savingsNamed, savingsShort } from '../../../../renderer/display/logic/savings-named.js';

describe('the discounts a line names on its one row of them', () => {
  it('names them all when they fit the row', () => {
    // 240 + 265 + 205 and two gaps of 22: 754.
    expect(savingsNamed([240, 265, 205], 22, 1033, 200)).toBe(3);
    expect(savingsNamed([240, 265, 205], 22, 754, 200)).toBe(3);
    expect(savingsNamed([240], 22, 240, 200)).toBe(1);
  });

  it('names the first that fit beside the rest summed, never a row each', () => {
    // 626: the first (240) and "and 2 more" (200) fit; the second (265) beside them does not.
    expect(savingsNamed([240, 265, 205], 22, 626, 200)).toBe(1);
    // 760: two and "and 1 more" (240 + 22 + 265 + 22 + 200 = 749).
    expect(savingsNamed([240, 265, 205, 205], 22, 760, 200)).toBe(2);
  });

  it('names at least the first, however short the row', () => {
    expect(savingsNamed([240, 265, 205], 22, 300, 200)).toBe(1);
    expect(savingsNamed([600], 22, 300, 200)).toBe(1);
  });
});

describe('the rest said shorter, so that the first discount’s name shows whole', () => {
  it('where the first fits whole beside "+2 more" but not beside "and 2 more"', () => {
    // 400 + 22 + 200 = 622 > 600; 400 + 22 + 160 = 582 ≤ 600.
    expect(savingsShort([400, 265, 205], 22, 600, 200, 160)).toBe(true);
  });

  it('not where the first fits beside "and 2 more" already, nor where it fits beside neither', () => {
    expect(savingsShort([240, 265, 205], 22, 626, 200, 160)).toBe(false);
    expect(savingsShort([500, 265, 205], 22, 600, 200, 160)).toBe(false);
  });

  it('not where the row names more than the first, or there is nothing else to sum', () => {
    expect(savingsShort([240, 265, 205, 205], 22, 760, 200, 160)).toBe(false);
    expect(savingsShort([240, 265, 205], 22, 754, 200, 160)).toBe(false);
    expect(savingsShort([600], 22, 300, 200, 160)).toBe(false);
  });
});

describe('the rest of a line’s discounts, summed', () => {
  const savings = [
    { name: '10% off edibles', amount: 356 },
    { name: 'Wednesday edibles', amount: 144 },
    { name: 'Spring code', amount: 200 },
  ];

  it('says how many more and what they saved', () => {
    expect(moreSavings(savings, 1)).toEqual({ words: 'and 2 more', amount: 344 });
    expect(moreSavings(savings, 2)).toEqual({ words: 'and 1 more', amount: 200 });
    expect(moreSavings(savings, 1, true)).toEqual({ words: '+2 more', amount: 344 });
  });

  it('is nothing when every discount is named', () => {
    expect(moreSavings(savings, 3)).toBeNull();
    expect(moreSavings([], 0)).toBeNull();
  });
});
