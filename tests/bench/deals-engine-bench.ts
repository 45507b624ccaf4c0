/**
 * The deals engine in-process (issue 31: "with 300 active deals and a 20-line cart, a quote in
 * ≤ 10 ms p99 in-process"): compiles 300 random deals (every kind, scopes over a catalog of 400
 * products, 12 brands, 8 categories and 20 tags, a fifth exclusive, some scheduled, for groups,
 * chosen by the cashier or unlocked by a code), then prices 2,000 random 20-line carts, timing
 * each `apply`, and `compileDeals` + `apply` together. Seeded, so every run prices the same carts.
 * Run: `node --import tsx tests/bench/deals-engine-bench.ts` (BENCH_DEALS, BENCH_CARTS, BENCH_LINES).
 */
import { performance } from 'node:perf_hooks';
import { compileDeals, type DealContext, type DealLine } from '../../shared/deals/engine.js';
import { int, pick, random, randomDeal } from './random-deals.js';

const DEALS = Number(process.env.BENCH_DEALS ?? 300);
const CARTS = Number(process.env.BENCH_CARTS ?? 2_000);
const LINES = Number(process.env.BENCH_LINES ?? 20);
const TARGET_MS = 10;

const PRODUCTS = Array.from({ length: 400 }, (_, index) => `product-${index}`);
const BRANDS = Array.from({ length: 12 }, (_, index) => `Brand ${index}`);
const CATEGORIES = ['FLOWER', 'PREROLL', 'VAPE', 'EDIBLE', 'BEVERAGE', 'CONCENTRATE', 'TINCTURE', 'TOPICAL'];
const TAGS = Array.from({ length: 20 }, (_, index) => `tag-${index}`);

function cart(): DealLine[] {
  return Array.from({ length: LINES }, (_, index) => {
    const product = int(0, PRODUCTS.length - 1);
    const weighed = product % 10 === 0;
    const unitPriceCents = weighed ? int(800, 1500) : int(500, 6000);
    const quantityMilli = weighed ? pick([1000, 3500, 7000, 5200]) : int(1, 4) * 1000;
    return {
      key: String(index),
      productId: PRODUCTS[product]!,
      brand: BRANDS[product % BRANDS.length]!,
      category: CATEGORIES[product % CATEGORIES.length]!,
      tags: [TAGS[product % TAGS.length]!, TAGS[(product * 7) % TAGS.length]!],
      unitPriceCents,
      quantityMilli,
      weighed,
      amountCents: Math.round((unitPriceCents * quantityMilli) / 1000),
      floorCents: random() < 0.2 ? 100 : 0,
    };
  });
}

const catalog = { products: PRODUCTS, brands: BRANDS, categories: CATEGORIES, tags: TAGS };
const deals = Array.from({ length: DEALS }, (_, index) => randomDeal(index, catalog));
const context = (index: number): DealContext => ({
  date: '2026-12-02',
  weekday: 3,
  minute: 600 + (index % 600),
  customer: {
    type: index % 3 === 0 ? 'medical' : 'adult_use',
    age: 40,
    veteran: false,
    firstVisit: false,
    tierId: null,
  },
  codes: index % 4 === 0 ? [`CODE${index % DEALS}`] : [],
  chosen: index % 5 === 0 ? [`deal-${String(index % DEALS).padStart(3, '0')}`] : [],
  usesLeft: new Map(),
});
const carts = Array.from({ length: CARTS }, () => cart());

const compileStarted = performance.now();
let book = compileDeals(deals);
const compileMs = performance.now() - compileStarted;
for (let warm = 0; warm < 200; warm += 1) book.apply(carts[warm % CARTS]!, context(warm));

const applies: number[] = [];
const withCompile: number[] = [];
let discounted = 0;
carts.forEach((lines, index) => {
  const at = performance.now();
  const outcome = book.apply(lines, context(index));
  applies.push(performance.now() - at);
  if (outcome.discountCents > 0) discounted += 1;
  if (index % 10 === 0) {
    const again = performance.now();
    book = compileDeals(deals);
    book.apply(lines, context(index));
    withCompile.push(performance.now() - again);
  }
});

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (value: number) => `${value.toFixed(3)} ms`;
console.log(
  `deals: ${DEALS} (compiled in ${ms(compileMs)}), carts: ${CARTS} of ${LINES} lines, ${discounted} discounted`,
);
console.log(
  `apply:             p50 ${ms(quantile(applies, 0.5))}, p99 ${ms(quantile(applies, 0.99))}, max ${ms(quantile(applies, 1))}`,
);
console.log(
  `compile + apply:   p50 ${ms(quantile(withCompile, 0.5))}, p99 ${ms(quantile(withCompile, 0.99))} (${withCompile.length} runs)`,
);
const p99 = quantile(applies, 0.99);
if (p99 > TARGET_MS || quantile(withCompile, 0.99) > TARGET_MS) {
  console.error(`missed: apply p99 must be ≤ ${TARGET_MS} ms with compileDeals too`);
  process.exitCode = 1;
}
