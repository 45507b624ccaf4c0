/**
 * Random deals for the benches (issue 31): every kind, scopes over a catalog's products, brands,
 * categories and tags, some exclusive, some scheduled, for groups, chosen by the cashier or unlocked
 * by a code, in the shares of a mix (`STRESS`, the default, or `STORE`). Seeded (mulberry32), so
 * every run makes the same deals and carts.
 */
import type { Deal, DealKind, DealScope } from '../../shared/deals/deal.js';

/** What the deals are scoped over. */
export interface DealCatalog {
  products: readonly string[];
  brands: readonly string[];
  categories: readonly string[];
  tags: readonly string[];
  /** The share of deals on every product (default a tenth: a stress; a store runs a few such deals at once). */
  everyProduct?: number;
}

/** The shares of a bench's deals (the stress's draws are those the benches always made). */
export interface DealMix {
  /** Deals that apply by themselves (the rest: half chosen by the cashier, half unlocked by a code). */
  automatic: number;
  /** Deals whose units take no other deal (the rest stack). */
  exclusive: number;
  /** Deals that run on one day of the week (a daily special). */
  oneWeekday: number;
  /** Deals that run from 10:00 only. */
  fromTen: number;
  /** Deals for a customer group (medical patients here): an anonymous sale never gets them. */
  forGroup: number;
}

/**
 * The stress the engine was first measured with: four deals in five stack, so with every product in
 * some 30 deals' scopes a line gets 5–7 discounts and carts come to ~94 % off.
 */
export const STRESS: DealMix = { automatic: 0.8, exclusive: 0.2, oneWeekday: 0.3, fromTen: 0.2, forGroup: 0.15 };

/**
 * 300 deals closer to a store's (deals-tickets-cpu.ts `BENCH_MIX=store`, reported beside the stress):
 * a quarter stack (stacking chosen deal by deal), half are daily specials, a quarter are for a group.
 * The scopes are the stress's: a line still meets some 30 deals, and gets 1.7 of them on average.
 */
export const STORE: DealMix = { automatic: 0.8, exclusive: 0.75, oneWeekday: 0.5, fromTen: 0.2, forGroup: 0.25 };

/** The mix BENCH_MIX names ("stress", the default, or "store"); anything else refused in words. */
export function benchMix(name = process.env.BENCH_MIX ?? 'stress'): { name: string; mix: DealMix } {
  if (name !== 'store' && name !== 'stress') throw new Error(`BENCH_MIX is "store" or "stress", not "${name}"`);
  return { name, mix: name === 'store' ? STORE : STRESS };
}

let seed = 31_2026;
/** The next number of the seeded generator, in [0, 1). */
export function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
}
export const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
export const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
const some = <T>(list: readonly T[], most: number): T[] => Array.from({ length: int(0, most) }, () => pick(list));

const KINDS: DealKind[] = ['percent', 'amount', 'fixed_price', 'buy_get', 'bundle', 'weight_break'];

function scope(catalog: DealCatalog): DealScope {
  const none: DealScope = { productIds: [], brands: [], categories: [], tags: [] };
  if (random() < (catalog.everyProduct ?? 0.1)) return none;
  const which = int(1, 9);
  if (which <= 3) return { ...none, productIds: [...new Set(some(catalog.products, 6))] };
  if (which <= 5) return { ...none, brands: [pick(catalog.brands)] };
  if (which <= 7 || catalog.tags.length === 0) return { ...none, categories: [pick(catalog.categories)] };
  return { ...none, tags: [...new Set([pick(catalog.tags), ...some(catalog.tags, 1)])] };
}

/** The `index`th random deal over `catalog` (its id `deal-NNN`, its code `CODEN` when it has one). */
export function randomDeal(
  index: number,
  catalog: DealCatalog,
  id = `deal-${String(index).padStart(3, '0')}`,
  mix: DealMix = STRESS,
): Deal {
  const kind = pick(KINDS);
  const trigger = random() < mix.automatic ? 'automatic' : random() < 0.5 ? 'cashier' : 'code';
  return {
    id,
    name: `Deal ${index}`,
    kind,
    percentPpm: int(5, 50) * 10_000,
    amountCents: int(50, 500),
    priceCents: int(500, 3000),
    buyQuantity: int(1, 3),
    getQuantity: 1,
    getScope: random() < 0.3 ? scope(catalog) : null,
    bundleQuantity: int(2, 4),
    bundlePriceCents: int(1500, 6000),
    breaks: [
      { weightMg: 3500, priceCents: int(2500, 4000) },
      { weightMg: 7000, priceCents: int(4500, 7000) },
    ],
    scope: kind === 'bundle' ? { ...scope(catalog), categories: [pick(catalog.categories)] } : scope(catalog),
    schedule: {
      startDate: null,
      endDate: null,
      weekdays: random() < mix.oneWeekday ? [int(0, 6)] : [],
      startMinute: random() < mix.fromTen ? 600 : null,
      endMinute: null,
    },
    groups: random() < mix.forGroup ? [{ kind: 'medical' }] : [],
    trigger,
    code: trigger === 'code' ? `CODE${index}` : null,
    exclusive: random() < mix.exclusive,
    priority: int(0, 3),
    perCustomerLimit: null,
    totalLimit: null,
    active: true,
  };
}
