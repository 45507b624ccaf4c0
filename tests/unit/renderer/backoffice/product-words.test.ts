import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http.js';
import { refusalOf } from '../../../../renderer/common/refusal.js';
import {
  brandsSeen,
  isFiltered,
  listQuery,
  NO_FILTERS,
  refreshPages,
} from '../../../../renderer/backoffice/logic/product-filters.js';
import {
  categoryWords,
  controlOf,
  limitCategoryWords,
  priceBreaksShort,
  priceWords,
  PRODUCT_FIELD_LABELS,
  stockMarker,
  stockWords,
} from '../../../../renderer/backoffice/logic/product-words.js';

describe('a product in the list', () => {
  it('says its price per unit or per gram, and its price breaks compactly', () => {
    expect(priceWords({ priceCents: 3500, deli: false })).toBe('$35.00');
    expect(priceWords({ priceCents: 1100, deli: true })).toBe('$11.00 / g');
    const breaks = [
      { weightMg: 1000, priceCents: 1200 },
      { weightMg: 3500, priceCents: 3550 },
      { weightMg: 28000, priceCents: 20000 },
    ];
    expect(priceBreaksShort(breaks)).toBe('1 g $12 · 3.5 g $35.50 · 28 g $200');
    expect(priceBreaksShort([])).toBe('');
  });

  it('says its stock free to sell, what orders hold, and marks it low or out', () => {
    expect(stockWords({ quantityOnHand: 40, quantityAvailable: 40, deli: false })).toBe('40');
    expect(stockWords({ quantityOnHand: 40, quantityAvailable: 38, deli: false })).toBe('38 (2 held)');
    expect(stockWords({ quantityOnHand: 453.6, quantityAvailable: 453.6, deli: true })).toBe('453.6 g');
    expect(stockWords({ quantityOnHand: -2, quantityAvailable: -2, deli: false })).toBe('-2');
    expect(stockMarker({ stock: 'in_stock' })).toBeNull();
    expect(stockMarker({ stock: 'low' })).toEqual({ label: 'Low', tone: 'waiting' });
    expect(stockMarker({ stock: 'out' })).toEqual({ label: 'Out', tone: 'stopped' });
  });

  it('says its category in words, with its strain type, and its state limit category', () => {
    expect(categoryWords({ type: 'PREROLL', subtype: 'Indica' })).toBe('Pre-rolls · Indica');
    expect(categoryWords({ type: 'ACCESSORY', subtype: '' })).toBe('Accessories');
    expect(limitCategoryWords('IMMATURE_PLANT')).toBe('Immature plants');
    expect(limitCategoryWords(null)).toBe('None the state limits know');
  });
});

describe("the service's refusals of a product, beside their field", () => {
  const refused = (detail: string, status = 400) =>
    refusalOf(new ApiError(status, status === 409 ? 'CONFLICT' : 'INVALID_INPUT', detail), PRODUCT_FIELD_LABELS);

  it('words them with the form labels and finds the control they are about', () => {
    const sku = refused('sku FLW-003 is used by another product of demo: Wedding Cake', 409);
    expect(sku).toEqual({ sentence: 'SKU FLW-003 is used by another product of demo: Wedding Cake.', field: 'sku' });
    const twice = refused('priceBreaks[1].weightMg names 3.5 g twice: one price per weight');
    expect(twice.sentence).toBe('Price break weight names 3.5 g twice: one price per weight.');
    expect(controlOf(twice.field)).toBe('priceBreaks[1]');
    const code = refused('barcodes[0] is not a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit: "123"');
    expect(controlOf(code.field)).toBe('barcodes');
    expect(controlOf(refused('barcode 012345678905 is used by another product of demo: Blue Dream', 409).field)).toBe(
      'barcodes',
    );
    expect(controlOf(refused('taxClass is not a tax class of demo: "luxury"').field)).toBe('taxClass');
  });
});

describe('the list filters', () => {
  it('ask the API for what is chosen only', () => {
    expect(listQuery(NO_FILTERS, 50).toString()).toBe('limit=50');
    const chosen = {
      search: ' blue dream ',
      type: 'FLOWER',
      brand: 'Canyon Craft',
      stock: 'low',
      archived: true,
    } as const;
    expect(listQuery(chosen, 500, 'c1').toString()).toBe(
      'search=blue+dream&type=FLOWER&brand=Canyon+Craft&stock=low&archived=true&limit=200&cursor=c1',
    );
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, stock: 'out' })).toBe(true);
  });

  it('read the rows shown again in pages the API allows, at least one page', () => {
    expect(refreshPages(0, 50)).toEqual([50]);
    expect(refreshPages(150, 50)).toEqual([150]);
    expect(refreshPages(450, 50)).toEqual([200, 200, 50]);
  });

  it('suggest each brand seen once, by name', () => {
    expect(brandsSeen(['Lazy Lynx'], ['canyon craft', 'LAZY LYNX', '', 'Canyon Craft'])).toEqual([
      'canyon craft',
      'Lazy Lynx',
    ]);
  });
});
