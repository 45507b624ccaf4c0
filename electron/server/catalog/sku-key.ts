import { productWithSku } from '../../../shared/labels.js';

/**
 * A SKU as SKUs are compared: a store's SKU is one code whatever its case ("FLW-001", "flw-001").
 * ASCII letters in lower case, every other character as it is — as SQL's `lower` does on SQLite
 * and on PostgreSQL under the "C" collation (the dialects' `asciiLower`, as migration 59's index has
 * it), so the code and both engines give one key for one SKU. The SKU itself is kept as the manager
 * typed it.
 */
export const skuKey = (sku: string): string => sku.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/** A product as a SKU names it: its name and the SKU as it is written. */
export interface SkuHolder {
  name: string;
  sku: string | null;
}

/**
 * What a SKU names among a store's products: the one whose SKU is written so, else the one whose SKU
 * it is in another case. `twins`: the products it is in another case, none written so, when more
 * than one (a store may hold such SKUs from before they were compared in any case): it names none.
 */
export interface SkuMatch<T> {
  found: T | undefined;
  twins: T[];
}

/** The products of a store by SKU, in any case (`SkuMatch`): for a whole catalog, by key. */
export class BySku<T extends { sku: string | null }> {
  private readonly exact = new Map<string, T>();
  private readonly keyed = new Map<string, T[]>();

  constructor(items: Iterable<T> = []) {
    for (const item of items) this.add(item);
  }

  add(item: T): void {
    if (item.sku === null) return;
    if (!this.exact.has(item.sku)) this.exact.set(item.sku, item);
    const key = skuKey(item.sku);
    this.keyed.set(key, [...(this.keyed.get(key) ?? []), item]);
  }

  match(sku: string): SkuMatch<T> {
    const exact = this.exact.get(sku);
    if (exact) return { found: exact, twins: [] };
    const same = this.keyed.get(skuKey(sku)) ?? [];
    return same.length === 1 ? { found: same[0], twins: [] } : { found: undefined, twins: same };
  }

  /** The product `sku` names, written so or in another case; undefined when none, or several in other cases. */
  get(sku: string): T | undefined {
    return this.match(sku).found;
  }
}

/** The one of `items` that `sku` names (`SkuMatch`). */
export const matchSku = <T extends { sku: string | null }>(items: Iterable<T>, sku: string): SkuMatch<T> =>
  new BySku(items).match(sku);

/**
 * Why a SKU names no one product, when it is several's in other cases only (`twins`), in words naming
 * them, after "sku Flw-001": "is the SKU of 2 products in other cases: Blue Dream (FLW-001), Gelato
 * (flw-001); give it as one of them writes it".
 */
export function twinsInWords(twins: readonly SkuHolder[]): string {
  const named = twins
    .map((twin) => productWithSku(twin.name, twin.sku))
    .sort((a, b) => a.localeCompare(b))
    .join(', ');
  return `is the SKU of ${twins.length} products in other cases: ${named}; give it as one of them writes it`;
}

/** How a refusal names the product that holds a SKU: its name, and its spelling when `sku` differs from it by case. */
export function holderInWords(sku: string, holder: SkuHolder): string {
  return holder.sku === null || holder.sku === sku
    ? holder.name
    : `${holder.name}, as ${holder.sku} (a SKU is the same in any case)`;
}
