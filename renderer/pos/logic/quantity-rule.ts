import type { NumberRule } from '../../common/number-field';
import type { CatalogProduct } from './catalog-product';

/**
 * What a cart line's quantity may be: whole units from 1 for counted products, up to three decimals
 * above 0 for weighed ones; never more than the store has.
 */
export function quantityRule(product: CatalogProduct): NumberRule {
  const available = product.quantityAvailable;
  if (product.deli) {
    return {
      name: 'weight',
      decimals: 3,
      min: 0,
      minExclusive: true,
      unit: product.unitType,
      max: available,
      maxReason: `Only ${available} ${product.unitType} in stock.`,
    };
  }
  return { name: 'quantity', decimals: 0, min: 1, max: available, maxReason: `Only ${available} in stock.` };
}
