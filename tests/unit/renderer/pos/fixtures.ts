import type { CatalogProduct } from '../../../../renderer/pos/logic/catalog-product.js';

/** A catalog product with sensible defaults. */
export function product(fields: Partial<CatalogProduct> & { name: string }): CatalogProduct {
  return {
    productId: `id-${fields.name}`,
    sku: null,
    type: 'FLOWER',
    subtype: 'Hybrid',
    brand: 'Canyon Craft',
    size: '3.5g',
    unitType: 'g',
    barcodes: '',
    deli: false,
    cannabisWeightMg: 3500,
    thcMg: null,
    price: '10.00',
    priceSell: '10.00',
    discountDescription: '',
    packageLabel: '',
    quantityAvailable: 10,
    inStock: true,
    ...fields,
  };
}
