import { describe, expect, it } from 'vitest';
import { countTotals, valueAtRetail, varianceOf } from '../../../shared/inventory/count-variance.js';

describe('a count’s variance', () => {
  it.each([
    // [difference in thousandths, price in cents, value in cents]
    [-2000, 3500, -7000],
    [1000, 3200, 3200],
    [-475, 1000, -475],
    [-1, 1000, -1],
    [-1, 499, 0],
    [-1, 500, -1],
    [1, 500, 1],
    [0, 3500, 0],
  ])('values %i thousandths at %i cents a unit as %i cents, half away from zero', (milli, price, cents) => {
    expect(valueAtRetail(milli, price)).toBe(cents);
  });

  it('values exactly past 2^53 (a billion units at a million dollars)', () => {
    expect(valueAtRetail(-1_000_000_000_000, 100_000_000)).toBe(-100_000_000_000_000_000);
  });

  it('is counted minus expected, or null for a package not counted', () => {
    expect(varianceOf({ countedMilli: 9000, expectedMilli: 10_000, priceCents: 3500 })).toEqual({
      differenceMilli: -1000,
      valueCents: -3500,
    });
    expect(varianceOf({ countedMilli: null, expectedMilli: null, priceCents: 3500 })).toBeNull();
  });

  it('totals packages counted and not, those with a difference, short, over and net at retail', () => {
    expect(
      countTotals([
        { countedMilli: 9000, expectedMilli: 10_000, priceCents: 3500 },
        { countedMilli: 18_000, expectedMilli: 17_000, priceCents: 3200 },
        { countedMilli: 100_000, expectedMilli: 100_000, priceCents: 1000 },
        { countedMilli: null, expectedMilli: null, priceCents: 4500 },
      ]),
    ).toEqual({
      packages: 4,
      counted: 3,
      notCounted: 1,
      withDifference: 2,
      shortCents: -3500,
      overCents: 3200,
      netCents: -300,
    });
    expect(countTotals([])).toEqual({
      packages: 0,
      counted: 0,
      notCounted: 0,
      withDifference: 0,
      shortCents: 0,
      overCents: 0,
      netCents: 0,
    });
  });
});
