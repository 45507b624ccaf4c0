/**
 * The deals engine of this tree against another commit's (issue 31's rounds of making it cheaper
 * with results unchanged): 24,000 outcomes compared as JSON — three stores of 300 random deals (a
 * tenth of them on every product and 20 tags; 2 % and no tags; 2 % and tags), every seventeenth
 * with a limit, 4,000 carts of 1–20 lines each with codes, chosen deals, customers and uses left,
 * each cart also in reverse — then the CPU time per `apply` of both, in turns, on the service
 * bench's 3- and 20-line carts (median of 5 rounds of 4,000). Exits 1 on the first difference
 * (with `DEALS_BETTER=1`, on the first that does not take more off for the customer).
 * Run: `mkdir /tmp/deals-base && git archive main shared package.json | tar -x -C /tmp/deals-base` then
 * `DEALS_BASE=/tmp/deals-base node --import tsx tests/bench/deals-engine-compare.ts`. The package.json
 * makes the other commit's files ES modules as this tree's are: without it tsx loads them as
 * CommonJS, 12–16 % slower for the same code (every imported function read through a getter).
 */
import { readFile } from 'node:fs/promises';
import { compileDeals, type DealBook, type DealContext, type DealLine } from '../../shared/deals/engine.js';
import type { Deal } from '../../shared/deals/deal.js';
import { BENCH_CONTEXT, benchCarts, benchDeals } from './engine-bench-carts.js';
import { int, pick, random, randomDeal } from './random-deals.js';

const base = process.env.DEALS_BASE;
if (!base) throw new Error('DEALS_BASE names a folder with the other commit’s shared/ (see the comment above)');
const { type } = JSON.parse(await readFile(`${base}/package.json`, 'utf8').catch(() => '{}')) as { type?: string };
if (type !== 'module') {
  throw new Error(`${base}/package.json must say "type": "module" (archive package.json with shared/; see above)`);
}
const theirs = ((await import(`${base}/shared/deals/engine.ts`)) as { compileDeals: typeof compileDeals }).compileDeals;

const PRODUCTS = Array.from({ length: 400 }, (_, i) => `p-${String(i).padStart(4, '0')}`);
const BRANDS = Array.from({ length: 12 }, (_, i) => `Brand ${i}`);
const CATEGORIES = ['FLOWER', 'PREROLL', 'VAPE', 'EDIBLE', 'BEVERAGE', 'CONCENTRATE', 'TINCTURE', 'TOPICAL'];
const TAGS = Array.from({ length: 20 }, (_, i) => `tag-${i}`);

/** A random cart of `lines` lines, half of them next to each other in the catalog. */
function randomCart(lines: number, tags: readonly string[]): DealLine[] {
  const start = int(0, PRODUCTS.length - lines);
  return Array.from({ length: lines }, (_, k) => {
    const product = random() < 0.5 ? start + k : int(0, PRODUCTS.length - 1);
    const weighed = product % 10 === 0;
    const unitPriceCents = weighed ? int(800, 1500) : int(500, 6000);
    const quantityMilli = weighed ? pick([1000, 3500, 7000, 5200]) : int(1, 4) * 1000;
    return {
      key: String(k + 1),
      productId: PRODUCTS[product]!,
      brand: BRANDS[product % 12]!,
      category: CATEGORIES[product % 8]!,
      tags: tags.length ? [tags[product % 20]!, tags[(product * 7) % 20]!] : [],
      unitPriceCents,
      quantityMilli,
      weighed,
      amountCents: Math.round((unitPriceCents * quantityMilli) / 1000),
      floorCents: random() < 0.2 ? 100 : 0,
    };
  });
}

/** The context of cart `c`: days, minutes, customers, codes, chosen deals and uses left varying. */
const contextOf = (c: number): DealContext => ({
  date: '2026-12-02',
  weekday: c % 7,
  minute: 500 + (c % 700),
  customer:
    c % 3 === 0
      ? null
      : { type: c % 3 === 1 ? 'medical' : 'adult_use', age: 40, veteran: false, firstVisit: c % 5 === 0, tierId: null },
  codes: c % 4 === 0 ? [`CODE${c % 300}`, 'nope'] : [],
  chosen: c % 5 === 0 ? [`deal-${String(c % 300).padStart(3, '0')}`] : [],
  usesLeft: new Map(
    c % 2
      ? [
          ['deal-000', 0],
          ['deal-017', 2],
        ]
      : [],
  ),
});

const allowBetter = process.env.DEALS_BETTER === '1';
let compared = 0;
let better = 0;
let gained = 0;
for (const [every, tags] of [
  [0.1, TAGS],
  [0.02, []],
  [0.02, TAGS],
] as const) {
  const catalog = { products: PRODUCTS, brands: BRANDS, categories: CATEGORIES, tags, everyProduct: every };
  const deals: Deal[] = Array.from({ length: 300 }, (_, i) => {
    const deal = randomDeal(i, catalog);
    return i % 17 === 0 ? { ...deal, totalLimit: 5 } : deal;
  });
  const [mine, other] = [compileDeals(deals), theirs(deals)];
  for (let c = 0; c < 4000; c += 1) {
    const cart = randomCart([1, 2, 3, 3, 3, 5, 8, 20][c % 8]!, tags);
    const context = contextOf(c);
    for (const lines of [cart, [...cart].reverse()]) {
      const [ours, their] = [mine.apply(lines, context), other.apply(lines, context)];
      const [a, b] = [JSON.stringify(ours), JSON.stringify(their)];
      compared += 1;
      if (a === b) continue;
      // With DEALS_BETTER=1, an outcome that takes more off for the customer is counted, not a failure.
      if (allowBetter && ours.discountCents > their.discountCents) {
        better += 1;
        gained += ours.discountCents - their.discountCents;
        continue;
      }
      console.log(`differs (a tenth ${every}, cart ${c}):\n${a}\n${b}`);
      process.exit(1);
    }
  }
}
console.log(
  `same: ${compared - better} of ${compared} outcomes; better for the customer: ${better} (${gained} ¢ more)`,
);

// CPU time per apply on the service bench's carts (engine-bench-carts.ts: 2 % on every product).
const deals = benchDeals();
const books: Record<'base' | 'tree', DealBook> = { base: theirs(deals), tree: compileDeals(deals) };
const context = BENCH_CONTEXT;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const size of [3, 20]) {
  const carts = benchCarts(size, 2000);
  const rounds: Record<'base' | 'tree', number[]> = { base: [], tree: [] };
  let sink = 0;
  for (let round = 0; round < 6; round += 1) {
    for (const name of ['base', 'tree'] as const) {
      const start = process.cpuUsage();
      for (let i = 0; i < 4000; i += 1) sink += books[name].apply(carts[i % 2000]!, context).discountCents;
      const used = process.cpuUsage(start);
      // The first round warms both up.
      if (round > 0) rounds[name].push((used.user + used.system) / 4000);
    }
  }
  const [was, now] = [median(rounds.base), median(rounds.tree)];
  console.log(
    `${size} lines, CPU µs per apply: base ${was.toFixed(1)}, this tree ${now.toFixed(1)} ` +
      `(${(100 * (now / was - 1)).toFixed(0)} %; ${sink})`,
  );
}
