/**
 * Which deals a line is in the scope of, found without reading every deal: the store's deals are
 * indexed once by product, brand, category and tag (names case-insensitive, deal.ts `DealScope`).
 */
import type { DealLine } from './cart.js';
import type { DealScope } from './deal.js';

/** True when the scope names nothing, so it covers every product of the store. */
export function coversEverything(scope: DealScope): boolean {
  return (
    scope.productIds.length === 0 &&
    scope.brands.length === 0 &&
    scope.categories.length === 0 &&
    scope.tags.length === 0
  );
}

const lower = (names: readonly string[]) => names.map((name) => name.trim().toLowerCase());

/** True when the line's product is in the scope. */
export function inScope(scope: DealScope, line: Pick<DealLine, 'productId' | 'brand' | 'category' | 'tags'>): boolean {
  if (coversEverything(scope)) return true;
  if (scope.productIds.includes(line.productId)) return true;
  if (lower(scope.brands).includes(line.brand.trim().toLowerCase())) return true;
  if (lower(scope.categories).includes(line.category.trim().toLowerCase())) return true;
  const tags = lower(scope.tags);
  return lower(line.tags).some((tag) => tags.includes(tag));
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A line's names as the index looks them up (trimmed, lower case): read once per line and `apply`. */
export interface ScopeKeys {
  productId: string;
  brand: string;
  category: string;
  tags: readonly string[];
}

export function scopeKeys(line: Pick<DealLine, 'productId' | 'brand' | 'category' | 'tags'>): ScopeKeys {
  return {
    productId: line.productId,
    brand: line.brand.trim().toLowerCase(),
    category: line.category.trim().toLowerCase(),
    tags: lower(line.tags),
  };
}

const NONE: readonly number[] = [];

/** Scopes by number (a deal's index in the book), looked up by a line's product. */
export class ScopeIndex {
  private readonly products = new Map<string, number[]>();
  private readonly brands = new Map<string, number[]>();
  private readonly categories = new Map<string, number[]>();
  private readonly tags = new Map<string, number[]>();
  private readonly everything: number[] = [];

  add(scope: DealScope, index: number): void {
    if (coversEverything(scope)) {
      this.everything.push(index);
      return;
    }
    for (const id of new Set(scope.productIds)) push(this.products, id, index);
    for (const brand of new Set(lower(scope.brands))) push(this.brands, brand, index);
    for (const category of new Set(lower(scope.categories))) push(this.categories, category, index);
    for (const tag of new Set(lower(scope.tags))) push(this.tags, tag, index);
  }

  /** The scopes the line is in, list by list (a scope may come more than once). */
  listsOf(keys: ScopeKeys): (readonly number[])[] {
    const lists = [
      this.everything,
      this.products.get(keys.productId) ?? NONE,
      this.brands.get(keys.brand) ?? NONE,
      this.categories.get(keys.category) ?? NONE,
    ];
    for (const tag of keys.tags) lists.push(this.tags.get(tag) ?? NONE);
    return lists;
  }
}
