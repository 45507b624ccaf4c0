import type { StockLevel } from '../../../shared/contracts/products';

/** What the product list is narrowed to: words searched, a category, a brand, a stock level, or the archived. */
export interface ProductFilters {
  search: string;
  type: string;
  brand: string;
  stock: StockLevel | '';
  archived: boolean;
}

/** Every product on sale. */
export const NO_FILTERS: Readonly<ProductFilters> = { search: '', type: '', brand: '', stock: '', archived: false };

/** The most products one page of the API holds. */
export const PAGE_MAX = 200;

/** The list's query for `filters`: blank filters left out, a page of `limit`, after `cursor`. */
export function listQuery(filters: ProductFilters, limit: number, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.type) params.set('type', filters.type);
  if (filters.brand.trim()) params.set('brand', filters.brand.trim());
  if (filters.stock) params.set('stock', filters.stock);
  if (filters.archived) params.set('archived', 'true');
  params.set('limit', String(Math.min(limit, PAGE_MAX)));
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** True when a filter narrows the list (the empty list then says nothing matches, not that there are none). */
export function isFiltered(filters: ProductFilters): boolean {
  return Boolean(filters.search.trim() || filters.type || filters.brand.trim() || filters.stock || filters.archived);
}

/**
 * The pages to read the list again after a change, so the manager keeps their place: as many rows as
 * are shown (at least one page of `page`), in pages the API allows.
 */
export function refreshPages(shown: number, page: number): number[] {
  const wanted = Math.max(shown, page);
  const sizes: number[] = [];
  for (let left = wanted; left > 0; left -= PAGE_MAX) sizes.push(Math.min(left, PAGE_MAX));
  return sizes;
}

/** The brands seen so far, for the brand filter's suggestions: each once (any case), by name. */
export function brandsSeen(known: readonly string[], brands: readonly string[]): string[] {
  const byKey = new Map(known.map((brand) => [brand.toLowerCase(), brand]));
  for (const brand of brands) if (brand && !byKey.has(brand.toLowerCase())) byKey.set(brand.toLowerCase(), brand);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b));
}
