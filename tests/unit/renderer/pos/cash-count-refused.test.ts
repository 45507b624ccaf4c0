import { describe, expect, it } from 'vitest';
import { firstRefused, refusedRowWords } from '../../../../renderer/pos/logic/cash-count.js';

describe('a count with refused rows', () => {
  it('names the first refused row in the drawer order, on the button', () => {
    expect(refusedRowWords(['coin25', 'bill5', 'bill20'])).toBe('Fix the $20 bills count first');
    expect(refusedRowWords(['coin25'])).toBe('Fix the quarters count first');
    expect(refusedRowWords(['amount'])).toBe('Fix the amount counted first');
    expect(firstRefused(['coin1', 'bill1'])).toBe('bill1');
  });

  it('says nothing when no row is refused: the count can be sent', () => {
    expect(refusedRowWords([])).toBeNull();
    expect(firstRefused([])).toBeNull();
  });
});
