import { describe, expect, it } from 'vitest';
import { adjustmentDelta, needsManagerPin } from '../../../shared/inventory/adjustment-change.js';
import { DEFAULT_ADJUSTMENT_REASONS, findReason } from '../../../shared/inventory/adjustment-reasons.js';
import { ServicePayError } from '../../../shared/errors.js';

const UNITS = { deli: false, unitType: 'g' };
const WEIGHED = { deli: true, unitType: 'g' };
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ServicePayError);
    return (error as ServicePayError).message;
  }
  throw new Error('not refused');
};

describe('adjustmentDelta', () => {
  it('takes a change as it is, and a count as the difference from what is on hand', () => {
    expect(adjustmentDelta({ delta: -2 }, 5000, UNITS, 'Jar')).toBe(-2000);
    expect(adjustmentDelta({ delta: 3 }, 0, UNITS, 'Jar')).toBe(3000);
    expect(adjustmentDelta({ quantity: 12 }, 5000, UNITS, 'Jar')).toBe(7000);
    expect(adjustmentDelta({ quantity: 0 }, 5000, UNITS, 'Jar')).toBe(-5000);
    expect(adjustmentDelta({ delta: -0.125 }, 3500, WEIGHED, 'OG')).toBe(-125);
  });

  it.each([
    [{}, 5000, /delta or quantity must be given/],
    [{ delta: 1, quantity: 2 }, 5000, /one of them/],
    [{ delta: 0 }, 5000, /delta must not be zero/],
    [{ delta: Number.NaN }, 5000, /delta must be a number with at most three decimals/],
    [{ delta: 1.0001 }, 5000, /at most three decimals/],
    [{ delta: 0.5 }, 5000, /delta must be whole units: Jar is sold by the unit, not by the gram/],
    [{ quantity: -1 }, 5000, /quantity counted cannot be below zero/],
    [{ quantity: 5 }, 5000, /quantity is what Jar has on hand already/],
    [{ delta: -6 }, 5000, /would leave less than nothing: Jar has 5 on hand, so at most 5 can be taken off/],
    [{ delta: 99999999999 }, 5000, /delta must be at most 1,000,000,000 either way .*, not 99999999999$/],
    [{ delta: 1e9 }, 8000, /delta would leave Jar with more than a package holds \(1,000,000,000\): it has 8 on hand/],
    [{ quantity: 1e9 + 1 }, 8000, /quantity must be at most 1,000,000,000/],
  ])('refuses %j with %d on hand in words', (ask, onHand, words) => {
    expect(refusal(() => adjustmentDelta(ask, onHand, UNITS, 'Jar'))).toMatch(words);
  });

  it('names the grams of a product weighed at the counter when it refuses taking more than it has', () => {
    expect(refusal(() => adjustmentDelta({ delta: -100 }, 24_000, WEIGHED, 'Gelato Cake'))).toMatch(
      /would leave less than nothing: Gelato Cake has 24 g on hand, so at most 24 g can be taken off/,
    );
  });

  it('lets a package sold out by offline registers (0 on hand) be counted, never taken below zero', () => {
    expect(adjustmentDelta({ quantity: 2 }, 0, UNITS, 'Jar')).toBe(2000);
    expect(refusal(() => adjustmentDelta({ delta: -1 }, 0, UNITS, 'Jar'))).toMatch(/less than nothing/);
  });
});

describe('needsManagerPin', () => {
  it('asks never with no policy, always at 0, and above the size otherwise (either way)', () => {
    expect(needsManagerPin(null, -100_000)).toBe(false);
    expect(needsManagerPin(0, 1)).toBe(true);
    expect(needsManagerPin(2000, -2000)).toBe(false);
    expect(needsManagerPin(2000, -2001)).toBe(true);
    expect(needsManagerPin(2000, 2500)).toBe(true);
  });
});

describe('findReason', () => {
  it('finds a reason by its code in any case or spacing, or by the state’s name', () => {
    expect(findReason(DEFAULT_ADJUSTMENT_REASONS, 'Entry Error')?.code).toBe('entry_error');
    expect(findReason(DEFAULT_ADJUSTMENT_REASONS, 'scale-variance')?.code).toBe('scale_variance');
    expect(findReason(DEFAULT_ADJUSTMENT_REASONS, 'Inventory Audit')?.code).toBe('count');
    expect(findReason(DEFAULT_ADJUSTMENT_REASONS, 'lost')).toBeUndefined();
  });
});
