import { describe, expect, it } from 'vitest';
import { earnedKept, linePoints, pointsOfReturnedLines } from '../../../electron/server/loyalty/line-points.js';

const line = (type: string, amountCents: number, quantityMilli = 1000, returnedMilli = 0) => ({
  type,
  amountCents,
  quantityMilli,
  returnedMilli,
});
const EXCLUDED = ['ACCESSORY'];

describe("each line's share of a sale's points, as the earning computed them", () => {
  it('gives an excluded line none and shares the rest by what each cost, to the point', () => {
    expect(linePoints(18, [line('EDIBLE', 1800), line('ACCESSORY', 2500)], EXCLUDED)).toEqual([18, 0]);
    // 10 points over three equal lines: the remainders go to the first, never past the 10.
    expect(linePoints(10, [line('FLOWER', 100), line('FLOWER', 100), line('FLOWER', 100)], [])).toEqual([4, 3, 3]);
    expect(linePoints(0, [line('FLOWER', 100)], [])).toEqual([0]);
    expect(linePoints(5, [line('ACCESSORY', 100)], EXCLUDED)).toEqual([0]);
  });

  it('takes back a partial quantity in proportion, the steps adding up to the line exactly', () => {
    const lines = (returned: number) => [line('EDIBLE', 3300, 3000, returned), line('ACCESSORY', 2500)];
    expect(pointsOfReturnedLines(33, lines(1000), EXCLUDED)).toBe(11);
    expect(pointsOfReturnedLines(31, lines(1000), EXCLUDED)).toBe(11); // keeps 20.67 → 20
    expect(pointsOfReturnedLines(31, lines(2000), EXCLUDED)).toBe(21); // keeps 10.33 → 10
    expect(pointsOfReturnedLines(31, lines(3000), EXCLUDED)).toBe(31);
    expect(pointsOfReturnedLines(31, [line('EDIBLE', 3300), line('ACCESSORY', 2500, 1000, 1000)], EXCLUDED)).toBe(0);
  });

  it('lets a refund by amount take its share of what the lines left, and the rest at most', () => {
    const lines = [line('EDIBLE', 3600, 2000, 1000), line('ACCESSORY', 2500)];
    const money = { chargedCents: 7000, refundedCents: 2000, itemsRefundedCents: 2000 };
    expect(earnedKept(36, lines, EXCLUDED, money)).toBe(18);
    expect(earnedKept(36, lines, EXCLUDED, { ...money, refundedCents: 7000 })).toBe(0);
    // No lines back: today's proportional rule.
    const none = [line('EDIBLE', 3600, 2000), line('ACCESSORY', 2500)];
    expect(earnedKept(36, none, EXCLUDED, { chargedCents: 7000, refundedCents: 3500, itemsRefundedCents: 0 })).toBe(18);
  });
});
