import { invalidInput } from '../errors.js';
import { PRODUCT_TYPES, productTypeFrom, type ProductType } from '../catalog/product-types.js';

/**
 * What an inventory count covers (README "Inventory counts"): every package of the store (`{}`), or
 * those of some categories (product types). Stored as JSON so that a room is one more key later.
 */
export interface CountScope {
  /** Product types, sorted, each once; absent: every category. */
  categories?: ProductType[];
}

/** The scope a request asks for: categories as people write them ("flower", "Pre-Rolls"), or none for all. */
export function countScope(categories: readonly string[] | undefined): CountScope {
  if (!categories || categories.length === 0) return {};
  const types = new Set<ProductType>();
  for (const text of categories) {
    const type = productTypeFrom(text);
    if (!type) {
      throw invalidInput('categories', `has "${text}", which is not a category (${PRODUCT_TYPES.join(', ')})`);
    }
    types.add(type);
  }
  return { categories: PRODUCT_TYPES.filter((type) => types.has(type)) };
}

/** True when a package of category `type` is in `scope`. */
export function inScope(scope: CountScope, type: string): boolean {
  return !scope.categories || (scope.categories as readonly string[]).includes(type);
}

/** True when some package could be in both scopes: two open counts of one package are refused. */
export function scopesOverlap(a: CountScope, b: CountScope): boolean {
  if (!a.categories || !b.categories) return true;
  return a.categories.some((type) => b.categories!.includes(type));
}

/** "every category" or "FLOWER and PREROLL": a scope in a sentence. */
export function scopeInWords(scope: CountScope): string {
  const types = scope.categories;
  if (!types) return 'every category';
  if (types.length === 1) return types[0]!;
  return `${types.slice(0, -1).join(', ')} and ${types[types.length - 1]}`;
}
