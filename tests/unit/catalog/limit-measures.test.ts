import { describe, expect, it } from 'vitest';
import {
  complianceCategory,
  limitLineOf,
  measuresCounted,
  type ProductMeasures,
} from '../../../shared/catalog/limit-measures.js';
import { isCannabisType, PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { checkCart, COMPLIANCE_CATEGORIES, type LimitInput } from '../../../shared/compliance/index.js';
import { CALIFORNIA, COLORADO } from '../../support/state-profiles.js';

const product = (fields: Partial<ProductMeasures> & { type: string }): ProductMeasures => ({
  name: 'Test product',
  deli: false,
  cannabisWeightMg: null,
  thcMg: null,
  ...fields,
});

const lineOf = (item: ProductMeasures, quantityMilli: number, profile = CALIFORNIA) => {
  const outcome = limitLineOf(item, quantityMilli, profile);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.line;
};

describe('product types and compliance categories', () => {
  it('maps every product type onto a compliance category, and every category is a product type', () => {
    const mapped = PRODUCT_TYPES.map((type) => complianceCategory({ type }));
    expect(mapped).toEqual([...PRODUCT_TYPES]);
    expect([...mapped].sort()).toEqual([...COMPLIANCE_CATEGORIES].sort());
  });

  it('knows immature plants under the names people write, and no other "plant"', () => {
    for (const text of ['IMMATURE_PLANT', 'immature plants', 'Immature-Plant', 'clones', 'Seedling']) {
      expect(productTypeFrom(text), text).toBe('IMMATURE_PLANT');
    }
    expect(productTypeFrom('PLANT')).toBeUndefined();
    expect(productTypeFrom('pre-rolls')).toBe('PREROLL');
    expect(productTypeFrom('Cartridges')).toBe('VAPE');
  });

  it('answers no category for a type the catalog does not know, and treats it as cannabis', () => {
    expect(complianceCategory({ type: 'SEEDS' })).toBeUndefined();
    expect(isCannabisType('SEEDS')).toBe(true);
    expect(isCannabisType('ACCESSORY')).toBe(false);
    expect(isCannabisType('IMMATURE_PLANT')).toBe(true);
  });

  it('reads which measures a profile counts a category by', () => {
    expect([...measuresCounted(CALIFORNIA, 'EDIBLE')]).toEqual(['weight']);
    expect([...measuresCounted(COLORADO, 'EDIBLE')]).toEqual(['thc']);
    expect([...measuresCounted(COLORADO, 'VAPE')]).toEqual(['weight']);
    expect([...measuresCounted(CALIFORNIA, 'IMMATURE_PLANT')]).toEqual(['units']);
    expect([...measuresCounted(CALIFORNIA, 'ACCESSORY')]).toEqual([]);
  });
});

describe('limitLineOf', () => {
  it.each([
    [
      'two 3.5 g jars of flower',
      product({ type: 'FLOWER', cannabisWeightMg: 3_500, thcMg: 770 }),
      2_000,
      { category: 'FLOWER', units: 2, weightMg: 7_000, thcMg: 1_540 },
    ],
    [
      'one 1 g pre-roll',
      product({ type: 'PREROLL', cannabisWeightMg: 1_000, thcMg: 250 }),
      1_000,
      { category: 'PREROLL', units: 1, weightMg: 1_000, thcMg: 250 },
    ],
    [
      'three gummy packs of 100 mg THC in 120 mg of concentrate',
      product({ type: 'EDIBLE', cannabisWeightMg: 120, thcMg: 100 }),
      3_000,
      { category: 'EDIBLE', units: 3, weightMg: 360, thcMg: 300 },
    ],
    [
      '2.345 g of deli flower at 220 mg THC a gram (THC rounded up)',
      product({ type: 'FLOWER', deli: true, thcMg: 220 }),
      2_345,
      { category: 'FLOWER', units: 1, weightMg: 2_345, thcMg: 516 },
    ],
    [
      'a deli item whose per-unit weight is set: the weight sold counts',
      product({ type: 'FLOWER', deli: true, cannabisWeightMg: 9_999 }),
      1_500,
      { category: 'FLOWER', units: 1, weightMg: 1_500, thcMg: 0 },
    ],
    [
      'two clones (counted, no weight needed)',
      product({ type: 'IMMATURE_PLANT' }),
      2_000,
      { category: 'IMMATURE_PLANT', units: 2, weightMg: 0, thcMg: 0 },
    ],
    ['a lighter', product({ type: 'ACCESSORY' }), 1_000, { category: 'ACCESSORY', units: 1, weightMg: 0, thcMg: 0 }],
  ])('measures %s', (_case, item, quantity, expected) => {
    expect(lineOf(item, quantity)).toEqual({ ...expected, name: 'Test product' });
  });

  it('refuses a product without the cannabis weight California counts it by, in words', () => {
    const outcome = limitLineOf(product({ type: 'EDIBLE', name: 'Watermelon Gummies', thcMg: 100 }), 1_000, CALIFORNIA);
    expect(outcome).toEqual({
      ok: false,
      problem: 'no_cannabis_weight',
      reason:
        'Watermelon Gummies has no cannabis weight in the catalog, and California counts edibles by it toward ' +
        'the purchase limits: add it to the catalog before selling it.',
    });
  });

  it('needs THC only where the profile counts by it (Colorado edibles), and takes what is not counted as 0', () => {
    const gummies = product({ type: 'EDIBLE', name: 'Gummies', cannabisWeightMg: 120 });
    expect(limitLineOf(gummies, 1_000, COLORADO)).toMatchObject({ ok: false, problem: 'no_thc' });
    expect(lineOf(gummies, 1_000, CALIFORNIA)).toMatchObject({ weightMg: 120, thcMg: 0 });
    const balm = product({ type: 'TOPICAL', name: 'Balm' });
    expect(lineOf(balm, 1_000, COLORADO)).toMatchObject({ category: 'TOPICAL', weightMg: 0, thcMg: 0 });
  });

  it('refuses an unknown type rather than counting it as nothing', () => {
    expect(limitLineOf(product({ type: 'SEEDS', name: 'Seeds' }), 1_000, CALIFORNIA)).toEqual({
      ok: false,
      problem: 'unknown_type',
      reason: 'Seeds has the product type "SEEDS", which the purchase limits do not know.',
    });
  });

  it('throws on a fractional count of a counted product (a caller checks quantities first)', () => {
    expect(() => limitLineOf(product({ type: 'PREROLL', cannabisWeightMg: 1_000 }), 1_500, CALIFORNIA)).toThrow(
      /whole units/,
    );
  });

  it('feeds the limit calculator: eight 3.5 g jars and a gram of deli flower are 29 g, over 28.5 g', () => {
    const jar = product({ type: 'FLOWER', name: 'Blue Dream', cannabisWeightMg: 3_500 });
    const deli = product({ type: 'FLOWER', name: 'Jack Herer (by the gram)', deli: true });
    const input: LimitInput = {
      profile: CALIFORNIA,
      customer: { type: 'adult_use' },
      alreadyBought: [],
      cart: [lineOf(jar, 8_000), lineOf(deli, 1_000)],
    };
    expect(checkCart(input)).toMatchObject({ allowed: false });
    expect(checkCart({ ...input, cart: [lineOf(jar, 8_000), lineOf(deli, 500)] })).toMatchObject({ allowed: true });
  });
});
