import { describe, expect, it } from 'vitest';
import type { ProductCreate } from '../../../shared/contracts/products.js';
import { ServicePayError } from '../../../shared/errors.js';
import { changedFields, changeInWords } from '../../../electron/server/products/product-change-words.js';
import { checkedDraft, newDraft, patchedDraft } from '../../../electron/server/products/product-draft.js';

const GUMMIES: ProductCreate = {
  sku: ' ED-9 ',
  name: ' Sour Gummies ',
  type: 'edibles',
  priceCents: 1800,
  taxClass: 'cannabis',
  unitType: 'EACH',
  cannabisWeightMg: 112,
  thcMg: 100,
  barcodes: ['96385074', '96385074'],
  lowStockThreshold: 6,
};

/** The refusal `draft` gets: the field named and the rule, as the API answers it. */
function refusal(input: ProductCreate): string {
  try {
    checkedDraft(newDraft(input));
  } catch (error) {
    expect(error).toBeInstanceOf(ServicePayError);
    return (error as ServicePayError).message;
  }
  throw new Error('not refused');
}

describe('checkedDraft', () => {
  it('answers a new product normalized over its defaults', () => {
    expect(checkedDraft(newDraft(GUMMIES))).toEqual({
      sku: 'ED-9',
      name: 'Sour Gummies',
      brand: '',
      type: 'EDIBLE',
      subtype: '',
      size: '',
      weight: 0,
      unitType: 'each',
      deli: false,
      priceCents: 1800,
      unitCostCents: null,
      priceBreaks: [],
      taxClass: 'cannabis',
      cannabisWeightMg: 112,
      thcMg: 100,
      cbdMg: null,
      barcodes: ['96385074'],
      packageLabel: '',
      discountPercent: 0,
      discountPpm: 0,
      discountDescription: '',
      lowStockThreshold: 6,
      lowStockMilli: 6000,
      tags: [],
    });
  });

  it.each([
    [{ name: '  ' }, 'name must not be empty'],
    [{ priceCents: -1 }, 'priceCents must be a whole number of cents from 0 to 100000000 (1250 is $12.50)'],
    [{ priceCents: 12.5 }, 'priceCents must be a whole number of cents from 0 to 100000000 (1250 is $12.50)'],
    [{ unitCostCents: -1 }, 'unitCostCents must be a whole number of cents from 0 to 100000000 (1250 is $12.50)'],
    [
      { type: 'snacks' },
      'type must be one of FLOWER, PREROLL, VAPE, EDIBLE, BEVERAGE, CONCENTRATE, TINCTURE, TOPICAL, CAPSULE, IMMATURE_PLANT, ACCESSORY',
    ],
    [{ unitType: 'lb' }, 'unitType must be one of g, mg, oz, ml, each'],
    [{ deli: true }, 'unitType must be g for a deli item (sold by the gram)'],
    [
      { barcodes: ['12345678'] },
      'barcodes[0] is not a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit: "12345678"',
    ],
    [
      { thcMg: 200 },
      'thcMg is more than the cannabis weight (112 mg); THC is in milligrams, the cannabis weight in grams',
    ],
    [
      { cannabisWeightMg: 0 },
      'cannabisWeightMg must be more than 0 for a cannabis product (leave it empty if not known yet)',
    ],
    [
      { type: 'ACCESSORY', cannabisWeightMg: null, thcMg: 5 },
      'thcMg must be empty for an accessory: accessories hold no cannabis',
    ],
    [
      { type: 'ACCESSORY', cannabisWeightMg: null, thcMg: null, cbdMg: 5 },
      'cbdMg must be empty for an accessory: accessories hold no cannabis',
    ],
    [{ lowStockThreshold: 2.5 }, 'lowStockThreshold must be a whole number'],
    [{ name: 'Gummies\u0007' }, 'name must not contain control characters'],
    [{ tags: ['sale', 'x'.repeat(41)] }, `tags[1] must be at most 40 characters: "${'x'.repeat(41)}"`],
  ] as [Partial<ProductCreate>, string][])('refuses %o: %s', (change, message) => {
    expect(refusal({ ...GUMMIES, ...change })).toBe(message);
  });

  it('takes a promotion in percent, worded "<percent>% off" unless given words', () => {
    expect(checkedDraft(newDraft({ ...GUMMIES, discountPercent: 12.5 }))).toMatchObject({
      discountPpm: 125_000,
      discountDescription: '12.5% off',
    });
    const worded = checkedDraft(newDraft({ ...GUMMIES, discountPercent: 10, discountDescription: '10% off edibles' }));
    expect(worded.discountDescription).toBe('10% off edibles');
    expect(refusal({ ...GUMMIES, discountPercent: 12.34567 })).toBe('discountPercent must have at most 4 decimals');
  });

  it('lets a deli item have grams of a threshold, and no cannabis weight of its own', () => {
    const deli = checkedDraft(
      newDraft({
        ...GUMMIES,
        type: 'FLOWER',
        deli: true,
        unitType: 'g',
        cannabisWeightMg: null,
        thcMg: 220,
        lowStockThreshold: 28.5,
      }),
    );
    expect(deli).toMatchObject({ lowStockMilli: 28_500, cannabisWeightMg: null });
  });
});

describe('a change of a product in words', () => {
  it('names each field changed, before and after', () => {
    // As the service does: the product's current fields, then the change checked over them.
    const { lowStockMilli: _milli, discountPpm: _ppm, ...before } = checkedDraft(newDraft(GUMMIES));
    const after = checkedDraft(
      patchedDraft(before, {
        priceCents: 2000,
        unitCostCents: 725,
        barcodes: [],
        lowStockThreshold: null,
        tags: ['staff-pick', 'Sale'],
      }),
    );
    const fields = changedFields(before, after);
    expect(fields).toEqual(['priceCents', 'unitCostCents', 'barcodes', 'lowStockThreshold', 'tags']);
    expect(changeInWords(before, after, fields)).toBe(
      'Sour Gummies (ED-9): Price $18.00 → $20.00; Cost none → $7.25; Barcodes 96385074 → none; ' +
        'Low-stock threshold 6 → none; Tags none → staff-pick, Sale',
    );
  });

  it('says each field and its value in words, never a code', () => {
    const { lowStockMilli: _milli, discountPpm: _ppm, ...before } = checkedDraft(newDraft(GUMMIES));
    const after = { ...before, type: 'PREROLL', priceCents: 3250, discountPercent: 10, lowStockThreshold: 10 };
    const words = changeInWords(before, after, changedFields(before, after));
    expect(words).toBe(
      'Sour Gummies (ED-9): Category Edibles → Pre-rolls; Price $18.00 → $32.50; Promotion none → 10 % off; ' +
        'Low-stock threshold 6 → 10',
    );
    expect(words).not.toMatch(/priceCents|lowStockThreshold|PREROLL|EDIBLE/);
  });
});
