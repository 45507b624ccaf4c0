/**
 * Which catalog products a manifest's item may be: names compared word by word (brand words count
 * where the item names them), sizes compared as sizes, each product's score from the item and that
 * product alone (matchScore), so products added to the catalog change no other product's score. The
 * catalog's words are indexed once (ProductMatcher), so a delivery of 500 items against 20,000
 * products is matched in a few hundred milliseconds (tests/unit/inventory).
 */
import { isSizeToken, nameTokens } from './manifest-tokens.js';
import { matchScore } from './match-score.js';

export { matchScore } from './match-score.js';

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
 * Whether `suggestion` is the one of `suggestions` that `--match` takes: the only one the back office
 * (and the CLI) calls "likely". Every other, however high it scores, is only possible: judged on its
 * own against the one after it, the last of several would always seem clear of the rest.
 */
export function isSureSuggestion<T extends { productId: string; score: number; cannotTake: string | null }>(
  suggestion: T,
  suggestions: readonly T[],
): boolean {
  return sureSuggestion(suggestions)?.productId === suggestion.productId;
}

/** Clear enough to take without asking: it scores at least 0.6, and 0.1 more than the next one, if any. */
function isLikely(score: number, next?: number): boolean {
  return score >= 0.6 && (next === undefined || score - next >= 0.1);
}

interface Indexed {
  id: string;
  /** How many words its name has, sizes apart. */
  words: number;
  sizes: readonly string[];
}

interface Found {
  index: number;
  score: number;
}

const SKU = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export class ProductMatcher {
  private readonly products: Indexed[] = [];
  /** For each word, the products whose name has it. */
  private readonly names = new Map<string, number[]>();
  /** For each word, the products whose brand (and not name) has it: said only where the item names it. */
  private readonly brands = new Map<string, number[]>();
  /** For each size, the products whose name gives it. */
  private readonly sized = new Map<string, number[]>();
  /** The name's words, and the brand's then the name's, joined: an item written so is the product. */
  private readonly exact = new Map<string, number[]>();
  private readonly bySku = new Map<string, number>();
  /** Per product, while one item is matched: its name's words and its brand's words the item says, its size. */
  private readonly nameSaid: Int32Array;
  private readonly brandSaid: Int32Array;
  private readonly sizeSaid: Uint8Array;

  constructor(products: readonly MatchableProduct[]) {
    products.forEach((product, index) => {
      const name = nameTokens(product.name);
      const brand = product.brand ? nameTokens(product.brand) : [];
      const words = new Set(name.filter((token) => !isSizeToken(token)));
      const sizes = [...new Set(name.filter(isSizeToken))];
      for (const word of words) push(this.names, word, index);
      for (const word of new Set(brand)) if (!isSizeToken(word) && !words.has(word)) push(this.brands, word, index);
      for (const size of sizes) push(this.sized, size, index);
      this.products.push({ id: product.id, words: words.size, sizes });
      for (const text of new Set([name.join(' '), [...brand, ...name].join(' ')])) push(this.exact, text, index);
      if (product.sku && SKU(product.sku)) this.bySku.set(SKU(product.sku), index);
    });
    this.nameSaid = new Int32Array(products.length);
    this.brandSaid = new Int32Array(products.length);
    this.sizeSaid = new Uint8Array(products.length);
  }

  /** The `limit` products most like `itemName`, best first; none under MATCH_MIN_SCORE. */
  suggest(itemName: string, limit = 3): ProductSuggestion[] {
    const words = nameTokens(itemName);
    const tokens = [...new Set(words)];
    if (tokens.length === 0 || limit < 1) return [];
    const sizes = tokens.filter(isSizeToken);
    const itemWords = tokens.length - sizes.length;
    const touched: number[] = [];
    const count = (postings: Map<string, number[]>, token: string, said: Int32Array | Uint8Array) => {
      for (const index of postings.get(token) ?? []) {
        if (this.nameSaid[index] === 0 && this.brandSaid[index] === 0 && this.sizeSaid[index] === 0) {
          touched.push(index);
        }
        said[index]! += 1;
      }
    };
    for (const token of tokens) {
      if (isSizeToken(token)) {
        count(this.sized, token, this.sizeSaid);
      } else {
        count(this.names, token, this.nameSaid);
        count(this.brands, token, this.brandSaid);
      }
    }
    const best: Found[] = [];
    for (const index of touched) {
      const product = this.products[index]!;
      const bothSized = sizes.length > 0 && product.sizes.length > 0;
      const sameSize = this.sizeSaid[index]! > 0;
      const brandSaid = this.brandSaid[index]!;
      const score = matchScore({
        said: this.nameSaid[index]! + brandSaid + (sameSize ? 1 : 0),
        productWords: product.words + brandSaid,
        itemWords,
        bothSized,
        otherSize: bothSized && !sameSize,
      });
      this.nameSaid[index] = 0;
      this.brandSaid[index] = 0;
      this.sizeSaid[index] = 0;
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

/** Before: a higher score, or the same one of a product earlier in the catalog (ties in the catalog's order). */
const ahead = (one: Found, other: Found) =>
  one.score > other.score || (one.score === other.score && one.index < other.index);

/** Keeps `best` the `limit` highest scores at or above the threshold, one per product, best first. */
function keepBest(best: Found[], found: Found, limit: number): void {
  if (found.score < MATCH_MIN_SCORE || (best.length >= limit && !ahead(found, best[limit - 1]!))) return;
  const same = best.findIndex((one) => one.index === found.index);
  if (same !== -1) {
    if (best[same]!.score >= found.score) return;
    best.splice(same, 1);
  }
  let at = best.length;
  while (at > 0 && ahead(found, best[at - 1]!)) at -= 1;
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
