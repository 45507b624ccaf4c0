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

/** A size on both that differs ("3500mg" against "7000mg") keeps this share of the score. */
const OTHER_SIZE = 0.6;

interface Indexed {
  id: string;
  name: string;
  /** The name's words, and the brand's then the name's, joined: an item written so is the product. */
  exact: readonly string[];
  sizes: readonly string[];
  weight: number;
}

const SKU = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export class ProductMatcher {
  private readonly products: Indexed[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly weights = new Map<string, number>();
  private readonly bySku = new Map<string, number>();
  private readonly scores: Float64Array;

  constructor(products: readonly MatchableProduct[]) {
    const tokenSets = products.map((product) => {
      const name = nameTokens(product.name);
      const brand = product.brand ? nameTokens(product.brand) : [];
      return { name, brand, all: [...new Set([...brand, ...name])] };
    });
    tokenSets.forEach(({ all }, index) => {
      for (const token of all) {
        const list = this.postings.get(token);
        if (list) list.push(index);
        else this.postings.set(token, [index]);
      }
    });
    for (const [token, list] of this.postings) this.weights.set(token, Math.log(1 + products.length / list.length));
    products.forEach((product, index) => {
      const { name, brand, all } = tokenSets[index]!;
      const exact = [name.join(' '), [...brand, ...name].join(' ')];
      const weight = all.reduce((sum, token) => sum + this.weights.get(token)!, 0);
      this.products.push({ id: product.id, name: product.name, exact, sizes: all.filter(isSizeToken), weight });
      if (product.sku && SKU(product.sku)) this.bySku.set(SKU(product.sku), index);
    });
    this.scores = new Float64Array(products.length);
  }

  /** The `limit` products most like `itemName`, best first; none under MATCH_MIN_SCORE. */
  suggest(itemName: string, limit = 3): ProductSuggestion[] {
    const tokens = [...new Set(nameTokens(itemName))];
    if (tokens.length === 0 || limit < 1) return [];
    const joined = nameTokens(itemName).join(' ');
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
    const found: { index: number; score: number }[] = [];
    for (const index of touched) {
      const product = this.products[index]!;
      const shared = this.scores[index]!;
      this.scores[index] = 0;
      let score = (2 * shared) / (itemWeight + product.weight);
      if (sizes.length > 0 && product.sizes.length > 0 && !product.sizes.some((size) => sizes.includes(size))) {
        score *= OTHER_SIZE;
      }
      score = product.exact.includes(joined) ? 1 : Math.min(score, 0.99);
      found.push({ index, score });
    }
    for (const token of tokens) {
      const index = this.bySku.get(SKU(token));
      if (index !== undefined) found.push({ index, score: 0.95 });
    }
    return this.best(found, limit);
  }

  private best(found: { index: number; score: number }[], limit: number): ProductSuggestion[] {
    const top = new Map<number, number>();
    for (const { index, score } of found) {
      if (score >= MATCH_MIN_SCORE && score > (top.get(index) ?? 0)) top.set(index, score);
    }
    return [...top]
      .sort(([a, x], [b, y]) => y - x || this.products[a]!.name.localeCompare(this.products[b]!.name))
      .slice(0, limit)
      .map(([index, score]) => ({ productId: this.products[index]!.id, score: Math.round(score * 1000) / 1000 }));
  }
}

/** The products `itemName` may be, best first (one call; a ProductMatcher for many items). */
export function suggestProducts(
  itemName: string,
  products: readonly MatchableProduct[],
  limit = 3,
): ProductSuggestion[] {
  return new ProductMatcher(products).suggest(itemName, limit);
}
