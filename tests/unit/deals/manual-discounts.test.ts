import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyManual,
  checkManual,
  manualNeedsApproval,
  type ManualCents,
  type ManualLine,
} from '../../../shared/deals/manual-discounts.js';

const line = (productId: string, amountCents: number, floorCents = 0): ManualLine => ({
  productId,
  name: `Product ${productId}`,
  amountCents,
  floorCents,
});
const off = (over: Partial<ManualCents>): ManualCents => ({
  productId: null,
  percent: null,
  amountCents: null,
  reason: 'Price match',
  ...over,
});

describe('manual discounts', () => {
  it('takes a line’s first, then the sale’s off what is left, in proportion, to the cent', () => {
    const lines = [line('a', 1000), line('b', 2000)];
    const result = applyManual(lines, [off({ percent: 10 }), off({ productId: 'a', amountCents: 100 })], true);
    // a: $1.00 off its $10.00 first; then 10 % of the $29.00 left ($2.90): $0.90 and $2.00.
    expect(result.taken).toEqual([290, 100]);
    expect(result.lines).toEqual([190, 200]);
  });

  it('stops at a line’s floor and never below zero', () => {
    const result = applyManual([line('a', 1000, 990), line('b', 500)], [off({ percent: 100 })], true);
    expect(result.lines).toEqual([10, 500]);
    expect(result.taken).toEqual([510]);
  });

  it('refuses in words an amount past what it is off, or a product not on the ticket, but not when priced again', () => {
    const lines = [line('a', 1000)];
    expect(() => applyManual(lines, [off({ productId: 'a', amountCents: 1001 })], true)).toThrow(
      /A manual discount of \$10.01 is more than Product a comes to \(\$10.00\)/,
    );
    expect(() => applyManual(lines, [off({ productId: 'z', percent: 5 })], true)).toThrow(/not on the ticket/);
    expect(applyManual(lines, [off({ productId: 'z', percent: 5 }), off({ amountCents: 5000 })], false)).toEqual({
      lines: [1000],
      taken: [0, 1000],
    });
  });

  it('asks for a percent or an amount, and a reason', () => {
    expect(() => checkManual(off({}), 0)).toThrow(/percent off or an amount off/);
    expect(() => checkManual(off({ percent: 5, amountCents: 5 }), 1)).toThrow(/percent off or an amount off/);
    expect(() => checkManual(off({ percent: 5, reason: ' ' }), 0)).toThrow(/needs its reason/);
  });

  it('says when the store’s policy asks for a PIN', () => {
    expect(manualNeedsApproval(null, 5000, 5000)).toBe(false);
    expect(manualNeedsApproval(0, 1, 5000)).toBe(true);
    expect(manualNeedsApproval(0, 0, 5000)).toBe(false);
    expect(manualNeedsApproval(10, 500, 5000)).toBe(false);
    expect(manualNeedsApproval(10, 501, 5000)).toBe(true);
  });

  it('never takes more than there is above the floors, and adds up what it takes', () => {
    const lines = fc.array(
      fc.record({ amount: fc.integer({ min: 0, max: 100_000 }), floor: fc.integer({ min: 0, max: 2_000 }) }),
      { minLength: 1, maxLength: 8 },
    );
    const discount = fc.record({
      line: fc.option(fc.nat(7), { nil: null }),
      percent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
      amount: fc.integer({ min: 1, max: 200_000 }),
    });
    fc.assert(
      fc.property(lines, fc.array(discount, { maxLength: 5 }), (drawn, given) => {
        const cart = drawn.map(({ amount, floor }, index) => line(String(index), amount, floor));
        const discounts = given.map(({ line: at, percent, amount }) =>
          off({
            productId: at === null ? null : String(at % cart.length),
            percent,
            amountCents: percent === null ? amount : null,
          }),
        );
        const result = applyManual(cart, discounts, false);
        result.lines.forEach((taken, index) => {
          expect(taken).toBeGreaterThanOrEqual(0);
          expect(taken).toBeLessThanOrEqual(Math.max(cart[index]!.amountCents - cart[index]!.floorCents, 0));
        });
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        expect(sum(result.taken)).toBe(sum(result.lines));
      }),
    );
  });
});
