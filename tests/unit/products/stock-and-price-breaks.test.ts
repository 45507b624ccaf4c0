import { describe, expect, it } from 'vitest';
import { checkPriceBreaks, priceBreaksInWords } from '../../../shared/catalog/price-breaks.js';
import { stockLevel } from '../../../shared/catalog/stock-level.js';
import { formatMoney } from '../../../shared/money.js';

describe('stockLevel', () => {
  it.each([
    [0, null, 'out'],
    [-2000, 5000, 'out'],
    [1, null, 'in_stock'],
    [5000, 5000, 'low'],
    [4999, 5000, 'low'],
    [5001, 5000, 'in_stock'],
    [1, 0, 'in_stock'],
  ] as const)('%i available with a threshold of %s is %s', (available, threshold, level) => {
    expect(stockLevel(available, threshold)).toBe(level);
  });
});

describe('checkPriceBreaks', () => {
  const ounce = [
    { weightMg: 28000, priceCents: 22000 },
    { weightMg: 1000, priceCents: 1200 },
    { weightMg: 3500, priceCents: 3500 },
  ];

  it('answers a deli item’s breaks lightest first', () => {
    expect(checkPriceBreaks(ounce, true).breaks?.map((price) => price.weightMg)).toEqual([1000, 3500, 28000]);
    expect(checkPriceBreaks([], false).breaks).toEqual([]);
  });

  it('refuses breaks on a product sold by the unit, and a weight named twice', () => {
    expect(checkPriceBreaks(ounce, false).problem).toEqual({
      field: 'priceBreaks',
      message: 'must be empty for a product sold by the unit: price breaks are for weighed (deli) products',
    });
    const twice = [...ounce, { weightMg: 3500, priceCents: 3400 }];
    expect(checkPriceBreaks(twice, true).problem).toEqual({
      field: 'priceBreaks[3].weightMg',
      message: 'names 3.5 g twice: one price per weight',
    });
  });

  it('says them in words', () => {
    const sorted = checkPriceBreaks(ounce, true).breaks!;
    expect(priceBreaksInWords(sorted, formatMoney)).toBe('1 g $12.00 · 3.5 g $35.00 · 28 g $220.00');
    expect(priceBreaksInWords([], formatMoney)).toBe('none');
  });
});
