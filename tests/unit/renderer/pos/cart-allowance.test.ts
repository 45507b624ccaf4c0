import { describe, expect, it } from 'vitest';
import type { Allowance } from '../../../../shared/contracts/customers.js';
import { limitRefusal, liveAllowances, saleNeedsId } from '../../../../renderer/pos/logic/cart-allowance.js';
import { CALIFORNIA } from '../../../support/state-profiles.js';
import { product } from './fixtures.js';

// The register's live allowance: the service's allowance (what was bought earlier today) plus the
// cart, by California's shipped rules, exactly as ticket creation counts them.
const eighth = product({ name: 'Blue Dream 3.5g', cannabisWeightMg: 3500 });
const loose = product({ name: 'House Flower', deli: true, cannabisWeightMg: null, unitType: 'g' });
const vape = product({ name: 'Cart 1g', type: 'VAPE', cannabisWeightMg: 1000 });
const grinder = product({ name: 'Grinder', type: 'ACCESSORY', cannabisWeightMg: null });
const unweighed = product({ name: 'Mystery Jar', cannabisWeightMg: null });

function allowance(boughtMg: number, enforced = true): Allowance {
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    today: '2026-06-15',
    enforced,
    profile: CALIFORNIA,
    verification: { verified: true, age: 36 },
    customer: { type: 'adult_use', age: 36 },
    period: 'day',
    purchases: boughtMg ? [{ category: 'FLOWER', units: 1, weightMg: boughtMg, thcMg: 0 }] : [],
    groups: [],
  };
}

const left = (answer: Allowance, lines: { product: typeof eighth; quantity: number }[], group: string) =>
  liveAllowances(answer, lines).find((entry) => entry.group === group)!;

describe('the live allowance of the cart', () => {
  it('adds the cart to what was bought earlier today, per group', () => {
    const lines = [
      { product: eighth, quantity: 2 },
      { product: vape, quantity: 3 },
    ];
    expect(left(allowance(7000), lines, 'non_concentrated')).toMatchObject({
      alreadyBought: 7000,
      inCart: 7000,
      remaining: 14_500,
      summary: '14.5 g of 28.5 g left today',
    });
    expect(left(allowance(7000), lines, 'concentrate').summary).toBe('5 g of 8 g left today');
  });

  it('allows exactly the limit and refuses the line past it, in words', () => {
    const lines = [{ product: eighth, quantity: 7 }];
    // 21 g earlier + 7.5 g weighed = 28.5 g: allowed; 7.6 g: refused.
    expect(limitRefusal(allowance(0), lines, { product: loose, quantity: 4 })).toBeNull();
    // 7 jars in the cart (24.5 g); an eighth one makes 28 g: allowed.
    expect(limitRefusal(allowance(0), lines, { product: eighth, quantity: 8 })).toBeNull();
    expect(limitRefusal(allowance(21_000), [], { product: loose, quantity: 7.5 })).toBeNull();
    expect(limitRefusal(allowance(21_000), [], { product: loose, quantity: 7.6 })).toBe(
      'Refused: this would bring non-concentrated cannabis to 28.6 g of the 28.5 g daily limit: 7.5 g left today.',
    );
  });

  it('always lets a line go down, and refuses a product the catalog cannot weigh', () => {
    const lines = [{ product: eighth, quantity: 9 }];
    expect(limitRefusal(allowance(0), lines, { product: eighth, quantity: 8 })).toBeNull();
    expect(limitRefusal(allowance(0), lines, { product: eighth, quantity: 10 })).toMatch(/^Refused: this would bring/);
    expect(limitRefusal(allowance(0), [], { product: unweighed, quantity: 1 })).toMatch(
      /^Refused: Mystery Jar has no cannabis weight in the catalog/,
    );
    expect(limitRefusal(allowance(28_500), [], { product: grinder, quantity: 3 })).toBeNull();
  });

  it('needs a checked ID for cannabis, and not for accessories alone in California', () => {
    expect(saleNeedsId(CALIFORNIA, [{ product: grinder, quantity: 1 }])).toBe(false);
    expect(
      saleNeedsId(CALIFORNIA, [
        { product: grinder, quantity: 1 },
        { product: eighth, quantity: 1 },
      ]),
    ).toBe(true);
    expect(saleNeedsId(CALIFORNIA, [])).toBe(false);
  });
});
