import { describe, expect, it } from 'vitest';
import { groupTotals } from '../../../shared/compliance/limit-groups.js';
import type { LimitLine } from '../../../shared/compliance/limit-lines.js';
import { allowances, checkCart, checkLine, type LimitInput } from '../../../shared/compliance/limits.js';
import { CALIFORNIA, COLORADO } from '../../support/state-profiles.js';
import { concentrate, flower, gummies, plants } from './sample-lines.js';

describe('California medical', () => {
  const medical = (cart: LimitLine[], recommendationLimits?: Record<string, number>): LimitInput => ({
    profile: CALIFORNIA,
    customer: { type: 'medical', ...(recommendationLimits ? { recommendationLimits } : {}) },
    alreadyBought: [],
    cart,
  });

  it('allows 8 oz (226.796 g) a day, counting concentrate with flower, and not a milligram more', () => {
    expect(checkCart(medical([flower(200_000), concentrate(26_796)])).allowed).toBe(true);
    expect(checkCart(medical([flower(200_000), concentrate(26_797)]))).toMatchObject({
      allowed: false,
      reason: 'This would bring medicinal cannabis to 226.797 g of the 226.796 g daily limit: 26.796 g left today.',
    });
  });

  it("uses the recommendation's own amount", () => {
    expect(checkCart(medical([flower(300_000)], { medicinal_cannabis: 400_000 })).allowed).toBe(true);
    expect(allowances(medical([], { medicinal_cannabis: 100_000 }))[0]).toMatchObject({ limit: 100_000 });
    expect(() => allowances(medical([], { medicinal_cannabis: 226.8 }))).toThrow(RangeError);
  });

  it("never allows more than the profile's most for a recommendation, whatever amount was stored", () => {
    // 10 kg, as a cashier could set it before issue 34: the profile's 907.184 g apply.
    expect(allowances(medical([], { medicinal_cannabis: 10_000_000 }))[0]).toMatchObject({
      limit: 907_184,
      summary: '907.184 g of 907.184 g left today',
    });
  });
});

describe('Colorado: one flower-equivalent ounce per sale', () => {
  const colorado = (cart: LimitLine[]): LimitInput => ({
    profile: COLORADO,
    customer: { type: 'adult_use' },
    alreadyBought: [],
    cart,
  });

  it('adds 4 g of concentrate and 400 mg of THC to exactly 28 g, with no rounding', () => {
    const check = checkCart(colorado([concentrate(4_000), gummies(4)]));
    expect(check).toMatchObject({ allowed: true });
    expect(check.allowances[0]).toMatchObject({
      inCart: 28_000,
      remaining: 0,
      summary: '0 g of 28 g left in this sale',
    });
    expect(checkLine(colorado([concentrate(4_000), gummies(4)]), flower(1))).toMatchObject({
      reason:
        'This would bring flower-equivalent cannabis to 28.001 g of the 28 g limit per sale: none left in this sale.',
    });
  });

  it('adds up half-milligrams, so 1 mg of concentrate (3.5 mg of flower) stays a whole number', () => {
    const [pool] = groupTotals(
      COLORADO.customerTypes.adult_use,
      { type: 'adult_use' },
      [],
      [concentrate(1), concentrate(1)],
    );
    expect(pool).toMatchObject({ scale: 2, cart: 14 });
    expect(allowances(colorado([concentrate(1)]))[0]).toMatchObject({ inCart: 4, remaining: 27_996 });
  });

  it('says what a converted line counts as', () => {
    expect(checkCart(colorado([flower(14_000), concentrate(5_000)]))).toMatchObject({
      reason:
        'This would bring flower-equivalent cannabis to 31.5 g of the 28 g limit per sale: 14 g left in this sale (Shatter counts as 17.5 g).',
    });
  });

  it('sells no immature plants, and says so', () => {
    expect(checkCart(colorado([plants(1)]))).toMatchObject({
      reason: 'Immature plants cannot be sold to adult-use customers in Colorado.',
    });
  });

  it('gives medical patients under 21 the lower concentrate limit, and one of unknown age too', () => {
    const input = (age?: number): LimitInput => ({
      profile: COLORADO,
      customer: { type: 'medical', ...(age === undefined ? {} : { age }) },
      alreadyBought: [],
      cart: [concentrate(3_000)],
    });
    expect(checkCart(input(19))).toMatchObject({
      reason: 'This would bring concentrate to 3 g of the 2 g daily limit: 2 g left today.',
    });
    expect(checkCart(input()).allowed).toBe(false);
    expect(checkCart(input(21)).allowed).toBe(true);
  });
});
