// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import ProductTile from '../../../../renderer/pos/components/ProductTile.vue';
import type { CatalogProduct } from '../../../../renderer/pos/logic/catalog-product.js';

/** A product's tile says its brand and size as far as it has them, never a separator alone. */
const product = (over: Partial<CatalogProduct>): CatalogProduct => ({
  productId: 'p-1',
  sku: 'DOL-1',
  type: 'ACCESSORY',
  subtype: '',
  brand: 'Acme',
  name: 'Dollar Lighter',
  size: '1 unit',
  unitType: 'each',
  barcodes: '',
  deli: false,
  cannabisWeightMg: null,
  thcMg: null,
  price: '1.00',
  priceSell: '1.00',
  discountDescription: '',
  packageLabel: '',
  quantityAvailable: 20,
  inStock: true,
  ...over,
});
const detail = (over: Partial<CatalogProduct>) =>
  mount(ProductTile, { props: { product: product(over) } })
    .get('.detail')
    .text();

describe('a product tile', () => {
  it('says the brand and the size, or per unit for a weighed item', () => {
    expect(detail({})).toBe('Acme · 1 unit');
    expect(detail({ deli: true, unitType: 'g' })).toBe('Acme · per g');
  });

  it('leaves out a brand or size the product does not have (a catalog file may leave them out)', () => {
    expect(detail({ brand: '', size: '' })).toBe('');
    expect(detail({ brand: '' })).toBe('1 unit');
    expect(detail({ size: '' })).toBe('Acme');
  });
});
