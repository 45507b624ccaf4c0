import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lineRefundPart,
  lineWorths,
  refundableMilli,
  type RefundableLine,
} from '../../../shared/refunds/line-refund.js';

const line = (over: Partial<RefundableLine> & Pick<RefundableLine, 'itemId'>): RefundableLine => ({
  quantityMilli: 1000,
  refundedQuantityMilli: 0,
  lineSubTotalCents: 0,
  lineDiscountCents: 0,
  lineTaxCents: 0,
  ...over,
});

/** Flower $20.00 ($2.60 tax) and rolling papers $3.25 (tax $0.42): $26.27 paid. */
const flower = line({ itemId: 'flower', quantityMilli: 3500, lineSubTotalCents: 2000, lineTaxCents: 260 });
const papers = line({ itemId: 'papers', lineSubTotalCents: 325, lineTaxCents: 42 });
const none = { tierDiscountCents: 0, payByPointsCents: 0 };

describe('lineWorths', () => {
  it('is what each line came to, its discounts off and its tax on', () => {
    const discounted = { ...flower, lineDiscountCents: -200 };
    expect(lineWorths([discounted, papers], none)).toEqual([2060, 367]);
  });

  it('shares the tier discount and the reward dollars over the lines by what each paid', () => {
    expect(lineWorths([flower, papers], { tierDiscountCents: -100, payByPointsCents: -163 })).toEqual([2034, 330]);
  });

  it('never takes off more than the lines came to', () => {
    expect(lineWorths([papers], { tierDiscountCents: 0, payByPointsCents: -5000 })).toEqual([0]);
  });
});

describe('lineRefundPart', () => {
  it('gives back the papers alone: their price and their tax, nothing of the flower', () => {
    const lines = [flower, papers];
    expect(lineRefundPart(lines, lineWorths(lines, none), 1, 1000)).toEqual({
      itemId: 'papers',
      quantityMilli: 1000,
      amountCents: 367,
      taxCents: 42,
    });
  });

  it('gives back part of a weighed line, and the rest later adds up to its worth', () => {
    const first = lineRefundPart([flower], [2260], 0, 1000);
    const rest = lineRefundPart([{ ...flower, refundedQuantityMilli: 1000 }], [2260], 0, 2500);
    expect(first).toEqual({ itemId: 'flower', quantityMilli: 1000, amountCents: 645, taxCents: 74 });
    expect(first.amountCents + rest.amountCents).toBe(2260);
    expect(first.taxCents + rest.taxCents).toBe(260);
  });

  it('never gives back more tax than money in a step (a line worth $0.05 with $0.04 tax, in sevenths)', () => {
    const tiny = line({ itemId: 't', quantityMilli: 7000, lineSubTotalCents: 1, lineTaxCents: 4 });
    const parts = [0, 1, 2, 3, 4, 5, 6].map((done) =>
      lineRefundPart([{ ...tiny, refundedQuantityMilli: done * 1000 }], [5], 0, 1000),
    );
    for (const part of parts) expect(part.taxCents).toBeLessThanOrEqual(part.amountCents);
    expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(5);
    expect(parts.reduce((sum, part) => sum + part.taxCents, 0)).toBe(4);
  });
});

describe('refundableMilli', () => {
  it('is what is left of the line, never below 0', () => {
    expect(refundableMilli({ ...flower, refundedQuantityMilli: 1000 })).toBe(2500);
    expect(refundableMilli({ ...flower, refundedQuantityMilli: 4000 })).toBe(0);
  });
});

const arbitraryLine = fc.record({
  itemId: fc.uuid(),
  quantityMilli: fc.integer({ min: 1, max: 50_000 }),
  refundedQuantityMilli: fc.constant(0),
  lineSubTotalCents: fc.integer({ min: 0, max: 500_000 }),
  lineDiscountCents: fc.integer({ min: -500_000, max: 0 }),
  lineTaxCents: fc.integer({ min: 0, max: 100_000 }),
});

/** A line's quantity cut into steps of at least a thousandth: the thousandths after each step. */
const cuts = (quantityMilli: number) =>
  fc
    .uniqueArray(fc.integer({ min: 1, max: Math.max(1, quantityMilli - 1) }), { maxLength: 12 })
    .map((points) => [...points.filter((p) => p < quantityMilli).sort((a, b) => a - b), quantityMilli]);

describe('properties', () => {
  it('any sequence of partial returns of a line adds up to its worth and its tax exactly, no step taxed beyond its money', () => {
    const reductions = fc.record({
      tierDiscountCents: fc.integer({ min: -50_000, max: 0 }),
      payByPointsCents: fc.integer({ min: -50_000, max: 0 }),
    });
    const returns = fc
      .tuple(fc.array(arbitraryLine, { minLength: 1, maxLength: 6 }), reductions, fc.nat())
      .chain(([lines, order, pick]) => {
        const index = pick % lines.length;
        return cuts(lines[index]!.quantityMilli).map((steps) => ({ lines, order, index, steps }));
      });
    fc.assert(
      fc.property(returns, ({ lines, order, index, steps }) => {
        const worths = lineWorths(lines, order);
        let [done, amount, tax] = [0, 0, 0];
        for (const upTo of steps) {
          const now = lines.map((l, at) => (at === index ? { ...l, refundedQuantityMilli: done } : l));
          const part = lineRefundPart(now, worths, index, upTo - done);
          expect(part.taxCents).toBeGreaterThanOrEqual(0);
          expect(part.taxCents).toBeLessThanOrEqual(part.amountCents);
          amount += part.amountCents;
          tax += part.taxCents;
          done = upTo;
        }
        expect(amount).toBe(worths[index]);
        expect(tax).toBe(Math.min(lines[index]!.lineTaxCents, worths[index]!));
      }),
      { numRuns: 2000 },
    );
  });

  it("the lines' worths add up to what the order's lines were paid, reductions off (never below 0)", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryLine, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -200_000, max: 0 }),
        fc.integer({ min: -200_000, max: 0 }),
        (lines, tierDiscountCents, payByPointsCents) => {
          const worths = lineWorths(lines, { tierDiscountCents, payByPointsCents });
          const paid = lines.reduce(
            (sum, l) => sum + Math.max(0, l.lineSubTotalCents + l.lineDiscountCents + l.lineTaxCents),
            0,
          );
          for (const worth of worths) expect(worth).toBeGreaterThanOrEqual(0);
          expect(worths.reduce((sum, worth) => sum + worth, 0)).toBe(
            Math.max(0, paid + tierDiscountCents + payByPointsCents),
          );
        },
      ),
    );
  });
});
