/**
 * Two exclusive automatic deals that can meet on one unit: the engine gives that unit the one that
 * saves the customer more (search.ts), whatever their priorities (which break only a tie). A manager
 * may expect otherwise, so the deal is kept with words saying which applies, for as long as they
 * overlap (overlap-words.ts).
 */
import type { CustomerGroup, Deal, DealSchedule, DealScope } from './deal.js';
import type { DealNames } from './deal-words.js';
import { overlapWords, type SharedProduct } from './overlap-words.js';
import { coversEverything, scopeKeys, type ScopeKeys } from './scope-index.js';
import { shiftDay } from '../zoned-day.js';

/**
 * A product of the store as a scope reads it, its name and price: scopes named differently (a brand
 * and a category) meet only where a product is in both, which only the store's products can say.
 */
export type OverlapProduct = SharedProduct;
import { hoursOf, runsAt, weekdayOf } from './schedule.js';

const shares = (a: readonly string[], b: readonly string[]) => {
  const mine = new Set(a.map((name) => name.trim().toLowerCase()));
  return b.some((name) => mine.has(name.trim().toLowerCase()));
};

/**
 * True when both scopes may hold one product: either covers every product, or both name the same
 * product, brand, category or tag. Scopes named differently (a brand, a category) are taken as
 * apart: which products are both is the catalog's to say, not the definition's.
 */
export function scopesOverlap(a: DealScope, b: DealScope): boolean {
  if (coversEverything(a) || coversEverything(b)) return true;
  return (
    a.productIds.some((id) => b.productIds.includes(id)) ||
    shares(a.brands, b.brands) ||
    shares(a.categories, b.categories) ||
    shares(a.tags, b.tags)
  );
}

/** True when one customer can be in both groups (a customer is medical or adult-use, of one tier). */
function groupsMeet(a: CustomerGroup, b: CustomerGroup): boolean {
  const types = new Set([a.kind, b.kind]);
  if (types.has('medical') && types.has('adult_use')) return false;
  return !(a.kind === 'tier' && b.kind === 'tier' && a.tierId !== b.tierId);
}

/** True when one customer may be in the groups of both deals (no groups: everyone). */
export function customersOverlap(a: readonly CustomerGroup[], b: readonly CustomerGroup[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  return a.some((mine) => b.some((theirs) => groupsMeet(mine, theirs)));
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * True when both schedules run at some moment. Where they first meet is the start of one of their
 * hours (or midnight, for hours running past it), so those minutes are tried on every day of a
 * week inside both schedules' dates (and the day either side, for hours across midnight).
 */
export function schedulesOverlap(a: DealSchedule, b: DealSchedule): boolean {
  // A store's deals share a few schedules (every day, a weekday's special, from 10:00): a listing
  // weighs each pair of them once, not once for each pair of deals (~40 µs a walk of the days).
  const key = `${scheduleKey(a)}|${scheduleKey(b)}`;
  let known = SCHEDULE_PAIRS.get(key);
  if (known === undefined) {
    if (SCHEDULE_PAIRS.size >= MAX_SCHEDULE_PAIRS) SCHEDULE_PAIRS.clear();
    SCHEDULE_PAIRS.set(key, (known = daysMeet(a, b)));
  }
  return known;
}

/** Schedule pairs weighed (`schedulesOverlap`), by both schedules' keys; emptied when it reaches the most kept. */
const SCHEDULE_PAIRS = new Map<string, boolean>();
const MAX_SCHEDULE_PAIRS = 10_000;
const scheduleKey = ({ startDate, endDate, weekdays, startMinute, endMinute }: DealSchedule) =>
  `${startDate ?? ''},${endDate ?? ''},${weekdays.join(' ')},${startMinute ?? ''},${endMinute ?? ''}`;

/** `schedulesOverlap` worked out: the days inside both schedules' dates walked. */
function daysMeet(a: DealSchedule, b: DealSchedule): boolean {
  const end = earlier(a.endDate, b.endDate);
  const start = later(a.startDate, b.startDate) ?? (end ? shiftDay(end, -7) : '2026-01-04');
  const last = earlier(end === null ? null : shiftDay(end, 1), shiftDay(start, 8))!;
  const minutes = [0, hoursOf(a).start, hoursOf(b).start];
  for (let day = shiftDay(start, -1); day <= last; day = shiftDay(day, 1)) {
    const weekday = weekdayOf(day);
    if (minutes.some((minute) => runsAt(a, day, weekday, minute) && runsAt(b, day, weekday, minute))) return true;
  }
  return false;
}

const scopesOf = (deal: Deal) =>
  deal.kind === 'buy_get' && deal.getScope ? [deal.scope, deal.getScope] : [deal.scope];

/** Which of a store's products each deal's scopes take, worked out once a listing. */
interface Reach {
  keys: ScopeKeys[];
  byDeal: WeakMap<Deal, Taken>;
}
/** The products a deal takes: 1 at their place (`has`), and their places in order (`places`). */
interface Taken {
  has: Uint8Array;
  places: number[];
}
const REACH = new WeakMap<readonly OverlapProduct[], Reach>();

/**
 * The products of `products` in a scope of `deal`: found once per deal and list of products, so a
 * listing of every deal (each against all the others) reads each product once a deal.
 */
function reachOf(deal: Deal, products: readonly OverlapProduct[]): Taken {
  let reach = REACH.get(products);
  if (!reach) REACH.set(products, (reach = { keys: products.map(scopeKeys), byDeal: new WeakMap() }));
  let taken = reach.byDeal.get(deal);
  if (!taken) {
    const tests = scopesOf(deal).map(scopeTest);
    const has = Uint8Array.from(reach.keys, (keys) => (tests.some((test) => test(keys)) ? 1 : 0));
    const places: number[] = [];
    has.forEach((on, place) => {
      if (on === 1) places.push(place);
    });
    reach.byDeal.set(deal, (taken = { has, places }));
  }
  return taken;
}

/** `inScope` for many products at once: the scope's names put in lower case once, not per product. */
function scopeTest(scope: DealScope): (keys: ScopeKeys) => boolean {
  if (coversEverything(scope)) return () => true;
  const lower = (names: readonly string[]) => new Set(names.map((name) => name.trim().toLowerCase()));
  const [ids, brands, categories, tags] = [
    new Set(scope.productIds),
    lower(scope.brands),
    lower(scope.categories),
    lower(scope.tags),
  ];
  return (keys) =>
    ids.has(keys.productId) ||
    brands.has(keys.brand) ||
    categories.has(keys.category) ||
    keys.tags.some((tag) => tags.has(tag));
}

/** The first of `products` in a scope of each deal, or undefined. */
function sharedProduct(a: Deal, b: Deal, products: readonly OverlapProduct[]): OverlapProduct | undefined {
  if (products.length === 0) return undefined;
  const [mine, theirs] = [reachOf(a, products), reachOf(b, products)];
  // The first in the list's order: the fewer places walked, each looked up in the other's.
  const [few, other] = mine.places.length <= theirs.places.length ? [mine, theirs] : [theirs, mine];
  const place = few.places.find((at) => other.has[at] === 1);
  return place === undefined ? undefined : products[place];
}

/**
 * Words naming an active exclusive automatic deal that overlaps this exclusive one (scope,
 * customers and schedule), at any priority, and saying which of them applies; or null. A priority
 * does not silence them: it decides only a tie. A paused deal overlaps nothing (it never applies):
 * it is checked again when it is made active. `names` words the other deal's summary. `products`,
 * the store's (when given): scopes also overlap where one of them is in both (a brand and a
 * category), and the words name a product both take, and which deal it gets at its price.
 */
export function overlappingExclusive(
  deal: Deal,
  others: readonly Deal[],
  names: DealNames = {},
  products: readonly OverlapProduct[] = [],
): string | null {
  if (!deal.exclusive || !deal.active) return null;
  const meets = (other: Deal) =>
    scopesOf(deal).some((mine) => scopesOf(other).some((theirs) => scopesOverlap(mine, theirs))) ||
    sharedProduct(deal, other, products) !== undefined;
  const rival = others
    .filter(
      (other) =>
        other.id !== deal.id &&
        other.active &&
        other.exclusive &&
        other.trigger === 'automatic' &&
        customersOverlap(deal.groups, other.groups) &&
        meets(other) &&
        schedulesOverlap(deal.schedule, other.schedule),
    )
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))[0];
  if (!rival) return null;
  return overlapWords(deal, rival, sharedProduct(deal, rival, products), names);
}
