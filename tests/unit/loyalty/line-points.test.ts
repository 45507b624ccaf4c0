import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earnedKept, linePoints, pointsOfReturnedLines } from '../../../shared/loyalty/line-points.js';

let lineIds = 0;
const line = (type: string, amountCents: number, quantityMilli = 1000, returnedMilli = 0) => ({
  itemId: `line-${(lineIds += 1)}`,
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
    const items = { amountCents: 2000, byItems: true };
    const after = (amountCents: number) => ({ chargedCents: 7000, refunds: [items, { amountCents, byItems: false }] });
    expect(earnedKept(36, lines, EXCLUDED, { chargedCents: 7000, refunds: [items] })).toBe(18);
    // $25.00 of the $50.00 left: half of the 18 points left.
    expect(earnedKept(36, lines, EXCLUDED, after(2500))).toBe(9);
    expect(earnedKept(36, lines, EXCLUDED, after(5000))).toBe(0);
  });

  it("takes a refund by amount's share once: a grinder given back after it takes no points, the gummies the rest", () => {
    // Gummies $36.00 earned 36 points, a grinder $25.00 none; $70.00 charged; $7.00 back by amount.
    const amount = { amountCents: 700, byItems: false };
    const grinderBack = { amountCents: 2250, byItems: true };
    const money = (...refunds: { amountCents: number; byItems: boolean }[]) => ({ chargedCents: 7000, refunds });
    const lines = (gummies: number, grinder: number) => [
      line('EDIBLE', 3600, 2000, gummies),
      line('ACCESSORY', 2500, 1000, grinder),
    ];
    expect(earnedKept(36, lines(0, 1000), EXCLUDED, money(amount, grinderBack))).toBe(32); // 36 × 63/70 = 32.4
    expect(earnedKept(36, lines(1000, 1000), EXCLUDED, money(amount, grinderBack, grinderBack))).toBe(16);
    expect(earnedKept(36, lines(2000, 1000), EXCLUDED, money(amount, grinderBack, grinderBack, grinderBack))).toBe(0);
    // Everything back by amount takes all, whatever came back before.
    expect(earnedKept(36, lines(0, 1000), EXCLUDED, money(grinderBack, { amountCents: 4750, byItems: false }))).toBe(0);
  });
});

/** A sale's lines (some of a category that earns nothing) and its refunds, in any order. */
const arbitrarySale = fc
  .record({
    lines: fc.array(
      fc.record({
        type: fc.constantFrom('EDIBLE', 'FLOWER', 'ACCESSORY'),
        amountCents: fc.integer({ min: 0, max: 20_000 }),
        quantityMilli: fc.integer({ min: 1, max: 4 }).map((units) => units * 1000),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    earned: fc.integer({ min: 0, max: 1_000 }),
    extraCents: fc.integer({ min: 1, max: 2_000 }),
    steps: fc.array(
      fc.record({ byItems: fc.boolean(), pick: fc.nat(), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
      { maxLength: 8 },
    ),
  })
  .map((sale) => ({
    ...sale,
    // Lines that earn nothing (or cost nothing) make a sale that earned nothing.
    earned: sale.lines.some((entry) => entry.type !== 'ACCESSORY' && entry.amountCents > 0) ? sale.earned : 0,
    chargedCents: sale.lines.reduce((sum, entry) => sum + entry.amountCents, 0) + sale.extraCents,
  }));

describe('properties', () => {
  it('takes back at most what was earned, nothing for a line that earned none, and all once everything came back', () => {
    fc.assert(
      fc.property(arbitrarySale, ({ lines: sold, earned, chargedCents, steps }) => {
        let lines = sold.map((entry) => line(entry.type, entry.amountCents, entry.quantityMilli));
        const refunds: { amountCents: number; byItems: boolean }[] = [];
        let moneyLeft = chargedCents;
        const keptNow = () => earnedKept(earned, lines, EXCLUDED, { chargedCents, refunds });
        let kept = keptNow();
        expect(kept).toBe(earned);
        const shares = linePoints(earned, lines, EXCLUDED);
        const giveBack = (index: number, milli: number, amountCents: number) => {
          lines = lines.map((entry, at) =>
            at === index ? { ...entry, returnedMilli: entry.returnedMilli + milli } : entry,
          );
          refunds.push({ amountCents, byItems: true });
          moneyLeft -= amountCents;
        };
        for (const step of steps) {
          const before = kept;
          // Nothing left to refund: every refund is refused.
          if (moneyLeft <= 0) break;
          if (step.byItems) {
            const index = step.pick % lines.length;
            const entry = lines[index]!;
            const units = Math.floor(((entry.quantityMilli - entry.returnedMilli) / 1000) * step.share);
            if (units === 0) continue;
            // Lines never give back all the money while others are left to come back.
            if (moneyLeft <= 1) continue;
            giveBack(index, units * 1000, Math.max(1, Math.floor((moneyLeft - 1) * step.share)));
            kept = keptNow();
            // A line that earned nothing takes nothing back; one that did, at most its own points.
            if (shares[index] === 0) expect(kept).toBe(before);
            expect(before - kept).toBeLessThanOrEqual(shares[index]!);
          } else {
            const amountCents = Math.floor(moneyLeft * step.share);
            if (amountCents === 0) continue;
            refunds.push({ amountCents, byItems: false });
            moneyLeft -= amountCents;
            kept = keptNow();
          }
          expect(kept).toBeGreaterThanOrEqual(0);
          expect(kept).toBeLessThanOrEqual(before);
        }
        // Then every line that is left comes back, with all the money left.
        const open = lines.flatMap((entry, index) => (entry.returnedMilli < entry.quantityMilli ? [index] : []));
        open.forEach((index, at) =>
          giveBack(
            index,
            lines[index]!.quantityMilli - lines[index]!.returnedMilli,
            at === open.length - 1 ? moneyLeft : 0,
          ),
        );
        expect(keptNow()).toBe(0);
      }),
      { numRuns: 2000 },
    );
  });
});
