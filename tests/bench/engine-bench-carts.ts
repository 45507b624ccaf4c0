/**
 * The service bench's store as the engine benches price it without a service (deals-engine-compare.ts,
 * deals-engine-instructions.ts): 400 products of 12 brands and 8 categories, 300 stress deals with 2 %
 * on every product (deals-bench-store.ts), anonymous sales at 11:40 on a Wednesday, and carts of
 * consecutive products, 1–3 of each, at the catalog's prices. Drawn from random-deals.ts' seeded
 * generator when called, so a bench's draws stay in its order.
 */
import type { Deal } from '../../shared/deals/deal.js';
import type { DealContext, DealLine } from '../../shared/deals/engine.js';
import { int, randomDeal } from './random-deals.js';

const IDS = Array.from({ length: 400 }, (_, i) => `p-${String(i).padStart(4, '0')}`);
const BRANDS = Array.from({ length: 12 }, (_, i) => `Brand ${i}`);
const CATEGORIES = ['FLOWER', 'PREROLL', 'VAPE', 'EDIBLE', 'BEVERAGE', 'CONCENTRATE', 'TINCTURE', 'TOPICAL'];

/** The 300 deals. */
export function benchDeals(): Deal[] {
  const catalog = { products: IDS, brands: BRANDS, categories: CATEGORIES, tags: [], everyProduct: 0.02 };
  return Array.from({ length: 300 }, (_, i) => randomDeal(i, catalog, `d-${i}`));
}

/** An anonymous sale's context: no codes, no choices, no limits. */
export const BENCH_CONTEXT: DealContext = {
  date: '2026-12-02',
  weekday: 3,
  minute: 700,
  customer: null,
  codes: [],
  chosen: [],
  usesLeft: new Map(),
};

/** `count` carts of `size` consecutive products. */
export function benchCarts(size: number, count: number): DealLine[][] {
  return Array.from({ length: count }, () => {
    const start = int(0, IDS.length - size);
    return Array.from({ length: size }, (_, k) => {
      const i = start + k;
      const price = (5 + (i % 50)) * 100;
      const quantityMilli = int(1, 3) * 1000;
      const [brand, category] = [BRANDS[i % 12]!, CATEGORIES[i % 8]!];
      const line = { key: String(k + 1), productId: IDS[i]!, brand, category, tags: [], unitPriceCents: price };
      return { ...line, quantityMilli, weighed: false, amountCents: (price * quantityMilli) / 1000, floorCents: 0 };
    });
  });
}
