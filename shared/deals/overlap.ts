/**
 * Two exclusive automatic deals at the same priority that can meet on one unit leave the choice
 * between them to the engine's tie-break (their ids): the store meant one of them, so the deal is
 * kept with a warning in words until one has a higher priority.
 */
import type { DealLine } from './cart.js';
import type { CustomerGroup, Deal, DealSchedule, DealScope } from './deal.js';
import { dealSummary, type DealNames } from './deal-words.js';
import { coversEverything, inScope } from './scope-index.js';

/**
 * A product of the store as a scope reads it, and its name: scopes named differently (a brand and
 * a category) meet only where a product is in both, which only the store's products can say.
 */
export type OverlapProduct = Pick<DealLine, 'productId' | 'brand' | 'category' | 'tags'> & { name: string };
import { shiftDay } from '../zoned-day.js';
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

/** The first of `products` in a scope of each deal, or undefined. */
function sharedProduct(a: Deal, b: Deal, products: readonly OverlapProduct[]): OverlapProduct | undefined {
  const mine = scopesOf(a);
  const theirs = scopesOf(b);
  return products.find(
    (product) => mine.some((scope) => inScope(scope, product)) && theirs.some((scope) => inScope(scope, product)),
  );
}

/**
 * Words naming an active exclusive automatic deal that overlaps this exclusive one (scope,
 * customers and schedule) at the same priority, or null. A paused deal overlaps nothing (it never
 * applies): it is checked again when it is made active. `names` words the other deal's summary.
 * `products`, the store's (when given): scopes also overlap where one of them is in both (a brand
 * and a category), and the words name a product both take.
 */
export function overlappingExclusive(
  deal: Deal,
  others: readonly Deal[],
  names: DealNames = {},
  products: readonly OverlapProduct[] = [],
): string | null {
  if (!deal.exclusive || !deal.active) return null;
  const shared = new Map<string, OverlapProduct | undefined>();
  const meets = (other: Deal) => {
    shared.set(other.id, sharedProduct(deal, other, products));
    const named = scopesOf(deal).some((mine) => scopesOf(other).some((theirs) => scopesOverlap(mine, theirs)));
    return named || shared.get(other.id) !== undefined;
  };
  const rival = others
    .filter(
      (other) =>
        other.id !== deal.id &&
        other.active &&
        other.exclusive &&
        other.trigger === 'automatic' &&
        other.priority === deal.priority &&
        customersOverlap(deal.groups, other.groups) &&
        schedulesOverlap(deal.schedule, other.schedule) &&
        meets(other),
    )
    .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))[0];
  if (!rival) return null;
  const product = shared.get(rival.id);
  const both = product ? ` (both take ${product.name})` : '';
  return `It overlaps ${rival.name} (${dealSummary(rival, names)}), also exclusive at priority ${deal.priority}${both}: give one a higher priority`;
}
