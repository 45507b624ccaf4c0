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

function each(list: readonly number[] | undefined, visit: (index: number) => void): void {
  if (list) for (const index of list) visit(index);
}

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

  /** Calls `visit` with each scope the line is in (a scope may come more than once). */
  visit(line: DealLine, visit: (index: number) => void): void {
    each(this.everything, visit);
    each(this.products.get(line.productId), visit);
    each(this.brands.get(line.brand.trim().toLowerCase()), visit);
    each(this.categories.get(line.category.trim().toLowerCase()), visit);
    for (const tag of line.tags) each(this.tags.get(tag.trim().toLowerCase()), visit);
  }
}
