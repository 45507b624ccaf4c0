// Extension: this file is also compiled by the Node config (tests/bench/pos-search-bench.ts).
import type { CatalogProduct } from './catalog-product.js';

interface Entry {
  product: CatalogProduct;
  /** Lower-case words of the fields a cashier searches: name, brand, type, subtype, SKU, size. */
  text: string;
}

/** Lower case without accents, so "Crème" finds "creme". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The catalog held in memory for search as you type: every word typed must start a word of the
 * product (or appear inside a longer code), answered in well under a millisecond for thousands of
 * products. Barcodes and package labels are looked up exactly, for the scanner.
 */
export class CatalogIndex {
  private readonly entries: Entry[];
  private readonly codes = new Map<string, CatalogProduct>();

  constructor(products: readonly CatalogProduct[]) {
    this.entries = products.map((product) => ({
      product,
      text: ` ${fold([product.name, product.brand, product.type, product.subtype, product.sku ?? '', product.size].join(' '))}`,
    }));
    for (const product of products) {
      for (const code of product.barcodes.split(',')) {
        if (code.trim()) this.codes.set(code.trim(), product);
      }
      // A tag as the server compares them (trimmed, any case), however it was stored.
      if (product.packageLabel.trim()) this.codes.set(product.packageLabel.trim().toUpperCase(), product);
    }
  }

  get size(): number {
    return this.entries.length;
  }

  /** The product whose barcode or package label is exactly `code`. */
  byCode(code: string): CatalogProduct | undefined {
    const trimmed = code.trim();
    return this.codes.get(trimmed) ?? this.codes.get(trimmed.toUpperCase());
  }

  /** Products matching every word of `query` within `type` (all types when null), in-stock first. */
  search(query: string, type: string | null, limit = 60): CatalogProduct[] {
    const words = fold(query)
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ` ${word}`);
    const inStock: CatalogProduct[] = [];
    const outOfStock: CatalogProduct[] = [];
    for (const { product, text } of this.entries) {
      if (type !== null && product.type !== type) continue;
      if (!words.every((word) => text.includes(word))) continue;
      (product.inStock ? inStock : outOfStock).push(product);
      if (inStock.length >= limit) break;
    }
    return [...inStock, ...outOfStock].slice(0, limit);
  }
}
