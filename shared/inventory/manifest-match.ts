/**
 * Which catalog products a manifest's item may be: names compared word by word (brand words count),
 * rare words weighing more than common ones (a word in every flower's name says little), sizes
 * compared as sizes. The catalog's words are indexed once (ProductMatcher), so a delivery of 500 items
 * against 20,000 products is matched in a few hundred milliseconds (tests/unit/inventory).
 */
import { isSizeToken, nameTokens } from './manifest-tokens.js';

/** A product as the matcher needs it. */
export interface MatchableProduct {
  id: string;
  name: string;
  brand?: string | null;
  sku?: string | null;
  unitType?: string;
}

/** A product an item may be, and how alike they are: 1 for the same name, less down to MATCH_MIN_SCORE. */
export interface ProductSuggestion {
  productId: string;
  score: number;
}

/** Below this, a product is not offered at all. */
export const MATCH_MIN_SCORE = 0.4;

/**
 * Of a package's suggestions (best first), the one to take without asking (`--match`, the back
 * office's "likely"): the best of those whose product can take the package (`cannotTake` null: see
 * package-fit.ts), when it is clearly ahead of the next of those; a product that cannot take it is
 * never the one.
 */
export function sureSuggestion<T extends { score: number; cannotTake: string | null }>(
  suggestions: readonly T[],
): T | undefined {
  const [best, next] = suggestions.filter((suggestion) => suggestion.cannotTake === null);
  return best && isLikely(best.score, next?.score) ? best : undefined;
}

/**
 * A suggestion clear enough to take without asking (`servicepay inventory receive --match`, the back
 * office's "likely"): it scores at least 0.6, and 0.1 more than the next one, if any.
 */
export function isLikely(score: number, next?: number): boolean {
  return score >= 0.6 && (next === undefined || score - next >= 0.1);
}

/** A size on both that differs ("3500mg" against "7000mg") keeps this share of the score. */
const OTHER_SIZE = 0.6;

interface Indexed {
  id: string;
  name: string;
  sizes: readonly string[];
  weight: number;
}

interface Found {
  index: number;
  score: number;
}

const SKU = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export class ProductMatcher {
  private readonly products: Indexed[] = [];
  /** For each word, the products that have it. */
  private readonly postings = new Map<string, Int32Array>();
  private readonly weights = new Map<string, number>();
  /** The name's words, and the brand's then the name's, joined: an item written so is the product. */
  private readonly exact = new Map<string, number[]>();
  private readonly bySku = new Map<string, number>();
  private readonly scores: Float64Array;

  constructor(products: readonly MatchableProduct[]) {
    const tokenSets = products.map((product) => {
      const name = nameTokens(product.name);
      const brand = product.brand ? nameTokens(product.brand) : [];
      return { name, brand, all: [...new Set([...brand, ...name])] };
    });
    const lists = new Map<string, number[]>();
    tokenSets.forEach(({ all }, index) => all.forEach((token) => push(lists, token, index)));
    for (const [token, list] of lists) {
      this.postings.set(token, Int32Array.from(list));
      this.weights.set(token, Math.log(1 + products.length / list.length));
    }
    products.forEach((product, index) => {
      const { name, brand, all } = tokenSets[index]!;
      const weight = all.reduce((sum, token) => sum + this.weights.get(token)!, 0);
      this.products.push({ id: product.id, name: product.name, sizes: all.filter(isSizeToken), weight });
      for (const text of new Set([name.join(' '), [...brand, ...name].join(' ')])) push(this.exact, text, index);
      if (product.sku && SKU(product.sku)) this.bySku.set(SKU(product.sku), index);
    });
    this.scores = new Float64Array(products.length);
  }

  /** The `limit` products most like `itemName`, best first; none under MATCH_MIN_SCORE. */
  suggest(itemName: string, limit = 3): ProductSuggestion[] {
    const words = nameTokens(itemName);
    const tokens = [...new Set(words)];
    if (tokens.length === 0 || limit < 1) return [];
    const sizes = tokens.filter(isSizeToken);
    // A word no product has cannot tell products apart: it weighs as little as a word in every one.
    const itemWeight = tokens.reduce((sum, token) => sum + (this.weights.get(token) ?? 1), 0);
    const touched: number[] = [];
    for (const token of tokens) {
      const weight = this.weights.get(token);
      for (const index of this.postings.get(token) ?? []) {
        if (this.scores[index] === 0) touched.push(index);
        this.scores[index]! += weight!;
      }
    }
    const best: Found[] = [];
    for (const index of touched) {
      const product = this.products[index]!;
      let score = (2 * this.scores[index]!) / (itemWeight + product.weight);
      this.scores[index] = 0;
      if (score < MATCH_MIN_SCORE || (best.length >= limit && score <= best[limit - 1]!.score)) continue;
      if (sizes.length > 0 && product.sizes.length > 0 && !product.sizes.some((size) => sizes.includes(size))) {
        score *= OTHER_SIZE;
      }
      keepBest(best, { index, score: Math.min(score, 0.99) }, limit);
    }
    for (const index of this.exact.get(words.join(' ')) ?? []) keepBest(best, { index, score: 1 }, limit);
    for (const word of [itemName, ...itemName.split(/\s+/)]) {
      const index = this.bySku.get(SKU(word));
      if (index !== undefined) keepBest(best, { index, score: 0.95 }, limit);
    }
    return best.map(({ index, score }) => ({
      productId: this.products[index]!.id,
      score: Math.round(score * 1000) / 1000,
    }));
  }
}

function push<K>(map: Map<K, number[]>, key: K, index: number): void {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}

/** Keeps `best` the `limit` highest scores at or above the threshold, one per product, best first. */
function keepBest(best: Found[], found: Found, limit: number): void {
  if (found.score < MATCH_MIN_SCORE || (best.length >= limit && found.score <= best[limit - 1]!.score)) return;
  const same = best.findIndex((one) => one.index === found.index);
  if (same !== -1) {
    if (best[same]!.score >= found.score) return;
    best.splice(same, 1);
  }
  let at = best.length;
  while (at > 0 && best[at - 1]!.score < found.score) at -= 1;
  if (at >= limit) return;
  best.splice(at, 0, found);
  if (best.length > limit) best.pop();
}

/** The products `itemName` may be, best first (one call; a ProductMatcher for many items). */
export function suggestProducts(
  itemName: string,
  products: readonly MatchableProduct[],
  limit = 3,
): ProductSuggestion[] {
  return new ProductMatcher(products).suggest(itemName, limit);
}
