import { describe, expect, it } from 'vitest';
import { newProductFrom } from '../../../shared/inventory/new-product.js';

describe('a new product from a manifest’s package', () => {
  it('takes the item’s name, a category from the manifest’s category or the name, and a size from the name', () => {
    expect(newProductFrom({ itemName: 'Blue Dream Flower 3.5g', unit: 'each', category: 'Buds' })).toEqual({
      name: 'Blue Dream Flower 3.5g',
      type: 'FLOWER',
      size: '3.5g',
      weight: 3.5,
      unitType: 'g',
      deli: false,
    });
    expect(
      newProductFrom({ itemName: 'Gelato Cookies Pre-Roll 1g', unit: 'each', category: 'Pre-Roll Flower' }),
    ).toMatchObject({
      type: 'PREROLL',
      size: '1g',
    });
    expect(
      newProductFrom({ itemName: 'Watermelon Gummies 10 x 10mg', unit: 'each', category: 'Edible' }),
    ).toMatchObject({
      type: 'EDIBLE',
      size: '',
      weight: 0,
      unitType: 'each',
    });
    expect(
      newProductFrom({ itemName: 'Sour Diesel Bulk', unit: 'grams', category: 'Vape Cartridge (weight - each)' }),
    ).toMatchObject({
      type: 'VAPE',
      deli: true,
      unitType: 'g',
    });
    expect(newProductFrom({ itemName: 'Mystery item', unit: 'each' }).type).toBe('');
  });
});
