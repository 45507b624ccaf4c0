import { describe, expect, it } from 'vitest';
import { CatalogIndex } from '../../../../renderer/pos/logic/catalog-index.js';
import { product } from './fixtures.js';

const catalog = new CatalogIndex([
  product({ name: 'Blue Dream', brand: 'Humboldt Hills', barcodes: '0860012000018,10860012000015', sku: 'FLW-001' }),
  product({ name: 'Blue Dream Pre-Roll', type: 'PREROLL', packageLabel: '1A4060300003D12000000012' }),
  product({ name: 'Crème Brûlée Gummies', type: 'EDIBLE', brand: 'Sierra Chews' }),
  product({ name: 'Sour Diesel', inStock: false, quantityAvailable: 0 }),
  product({ name: 'Sour Tangie Shatter', type: 'CONCENTRATE' }),
]);
const names = (query: string, type: string | null = null) => catalog.search(query, type).map((entry) => entry.name);

describe('CatalogIndex', () => {
  it('finds products whose words start with every word typed, across name, brand, type and SKU', () => {
    expect(names('blue')).toEqual(['Blue Dream', 'Blue Dream Pre-Roll']);
    expect(names('blu dre pre')).toEqual(['Blue Dream Pre-Roll']);
    expect(names('humboldt')).toEqual(['Blue Dream']);
    expect(names('flw-001')).toEqual(['Blue Dream']);
    expect(names('ream')).toEqual([]);
  });

  it('ignores case and accents, and narrows by category', () => {
    expect(names('CREME brulee')).toEqual(['Crème Brûlée Gummies']);
    expect(names('blue', 'PREROLL')).toEqual(['Blue Dream Pre-Roll']);
    expect(names('', 'CONCENTRATE')).toEqual(['Sour Tangie Shatter']);
  });

  it('lists products in stock before those out of stock', () => {
    expect(names('sour')).toEqual(['Sour Tangie Shatter', 'Sour Diesel']);
  });

  it('looks barcodes (every one of a product) and package labels up exactly', () => {
    expect(catalog.byCode('0860012000018')?.name).toBe('Blue Dream');
    expect(catalog.byCode(' 10860012000015 ')?.name).toBe('Blue Dream');
    expect(catalog.byCode('1a4060300003d12000000012')?.name).toBe('Blue Dream Pre-Roll');
    expect(catalog.byCode('086001200001')).toBeUndefined();
  });

  it('finds a package label stored in mixed case or with spaces around by a scan of the tag', () => {
    const stored = new CatalogIndex([product({ name: 'Old Import', packageLabel: ' 1a4060300003C35000012345 ' })]);
    expect(stored.byCode('1A4060300003C35000012345')?.name).toBe('Old Import');
    expect(stored.byCode('1a4060300003c35000012345')?.name).toBe('Old Import');
  });

  it('answers at most the limit', () => {
    const many = new CatalogIndex(Array.from({ length: 500 }, (_, index) => product({ name: `Gummy ${index}` })));
    expect(many.search('gummy', null, 60)).toHaveLength(60);
    expect(many.size).toBe(500);
  });
});
