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

/** Past this many products read, the deals each reaches are found again (a store has a few thousand). */
const MAX_PRODUCTS_KEPT = 20_000;

/** The deals a product reaches, with the names they were found by. */
interface Reach {
  brand: string;
  category: string;
  tags: readonly string[];
  deals: Int32Array;
  /** The names of the last line read with them, as that line wrote them (`dealsOfLine`). */
  written?: { brand: string; category: string; tags: readonly string[] };
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return false;
  return true;
}

/** Scopes by number (a deal's index in the book), looked up by a line's product. */
export class ScopeIndex {
  private readonly products = new Map<string, number[]>();
  private readonly brands = new Map<string, number[]>();
  private readonly categories = new Map<string, number[]>();
  private readonly tags = new Map<string, number[]>();
  private readonly everything: number[] = [];
  /** Per product, the deals its lines reach (`dealsOf`): the index never changes once the book is made. */
  private readonly reach = new Map<string, Reach>();

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

  /**
   * The scopes the line is in, each once, smallest number first: found once per product (while its
   * brand, category and tags stay those it was found by), so a sale reads one list a line.
   */
  dealsOf(keys: ScopeKeys): Int32Array {
    const known = this.reach.get(keys.productId);
    if (known && known.brand === keys.brand && known.category === keys.category && sameTags(known.tags, keys.tags)) {
      return known.deals;
    }
    const all = new Set<number>();
    for (const list of this.listsOf(keys)) for (const deal of list) all.add(deal);
    const deals = Int32Array.from(all).sort();
    if (this.reach.size >= MAX_PRODUCTS_KEPT) this.reach.clear();
    this.reach.set(keys.productId, { brand: keys.brand, category: keys.category, tags: keys.tags, deals });
    return deals;
  }

  /**
   * `dealsOf` a cart's line, its names lowered (`scopeKeys`) only when they are not written as on the
   * line its product was last read for: a sale's lines are its products' as the catalog writes them,
   * and lowering them again made fresh strings on every line of every `apply`.
   */
  dealsOfLine(line: Pick<DealLine, 'productId' | 'brand' | 'category' | 'tags'>): Int32Array {
    const known = this.reach.get(line.productId);
    const written = known?.written;
    if (written && written.brand === line.brand && written.category === line.category) {
      if (sameTags(written.tags, line.tags)) return known.deals;
    }
    const deals = this.dealsOf(scopeKeys(line));
    // `dealsOf` keeps the product's names as found: these lower to them.
    this.reach.get(line.productId)!.written = { brand: line.brand, category: line.category, tags: [...line.tags] };
    return deals;
  }

  /** The scopes the line is in, list by list (a scope may come more than once). */
  private listsOf(keys: ScopeKeys): (readonly number[])[] {
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
