/**
 * A deal (promotion) as the store defines it (issue 31, README "Deals"): what it gives, on what, when,
 * to whom, how it is triggered, how often it may be used, and how it stacks with others. Pure data,
 * shared by the service (which stores and checks it), the engine (shared/deals/engine, which prices a
 * cart with it, the same everywhere) and the screens. Money in cents, rates in parts per million,
 * weights in milligrams, quantities in thousandths of the unit ("milli") as everywhere else.
 */
import type { Cents, Ppm } from '../money.js';

/**
 * What a deal gives:
 * - `percent`: `percentPpm` off each unit in scope (250_000 = 25 %);
 * - `amount`: `amountCents` off each unit in scope (never below the unit's floor);
 * - `fixed_price`: each unit in scope sells for `priceCents`;
 * - `buy_get`: for every `buyQuantity` units in scope, `getQuantity` units of `getScope` (the same
 *   scope when null) get `getPercentPpm` off (1_000_000 = free), cheapest of them first;
 * - `bundle`: any `bundleQuantity` units in scope together sell for `bundlePriceCents` (mix and
 *   match: "any 3 pre-rolls for $20"), as many bundles as the cart makes;
 * - `weight_break`: weighed products in scope sell by the weight of the line at the price of the
 *   heaviest break it reaches (`breaks`: grams in milligrams and the price of that weight).
 */
export const DEAL_KINDS = ['percent', 'amount', 'fixed_price', 'buy_get', 'bundle', 'weight_break'] as const;
export type DealKind = (typeof DEAL_KINDS)[number];

/** How a deal comes into a sale: by itself, chosen by the cashier, or unlocked by a promo code. */
export const DEAL_TRIGGERS = ['automatic', 'cashier', 'code'] as const;
export type DealTrigger = (typeof DEAL_TRIGGERS)[number];

/**
 * Which products a deal is on: a product is in scope when it is named, or its brand, its category
 * or one of its tags is (case-insensitive for names). All four empty: every product of the store.
 */
export interface DealScope {
  productIds: string[];
  brands: string[];
  /** Product categories (the product's `type`: FLOWER, EDIBLE, PREROLL, …). */
  categories: string[];
  tags: string[];
}

/**
 * When a deal runs, in the store's own time: from `startDate` to `endDate` (`YYYY-MM-DD`, both
 * inclusive; null: open), on `weekdays` (0 Sunday … 6 Saturday; empty: every day), between
 * `startMinute` and `endMinute` (minutes after midnight, 0–1440; null both: all day). An end before
 * its start runs across midnight (22:00–02:00): the hours after midnight belong to the day it began,
 * so a Friday 22:00–02:00 deal runs until 02:00 on Saturday.
 */
export interface DealSchedule {
  startDate: string | null;
  endDate: string | null;
  weekdays: number[];
  startMinute: number | null;
  endMinute: number | null;
}

/**
 * Who a deal is for (any one of the groups listed; none listed: everyone):
 * `medical`, `adult_use` (the customer's type), `veteran`, `first_visit` (no earlier sale at the
 * store), `age` (at least `minAge` years old today), `tier` (the loyalty tier `tierId`). A deal for a
 * group needs a customer on the sale.
 */
export type CustomerGroup =
  | { kind: 'medical' }
  | { kind: 'adult_use' }
  | { kind: 'veteran' }
  | { kind: 'first_visit' }
  | { kind: 'age'; minAge: number }
  | { kind: 'tier'; tierId: string };
export const CUSTOMER_GROUP_KINDS = ['medical', 'adult_use', 'veteran', 'first_visit', 'age', 'tier'] as const;

/** One weight and the price of a line of exactly that weight (a `weight_break` deal). */
export interface WeightBreak {
  weightMg: number;
  priceCents: Cents;
}

/** A deal as stored and as the engine reads it. */
export interface Deal {
  id: string;
  name: string;
  kind: DealKind;
  /** `percent` and `buy_get`'s reward: the rate off. */
  percentPpm: Ppm | null;
  /** `amount`: cents off each unit. */
  amountCents: Cents | null;
  /** `fixed_price`: each unit's price. */
  priceCents: Cents | null;
  /** `buy_get`: how many to buy, how many get the reward, and where those come from (null: the same scope). */
  buyQuantity: number | null;
  getQuantity: number | null;
  getScope: DealScope | null;
  /** `bundle`: how many units make one, and what one costs. */
  bundleQuantity: number | null;
  bundlePriceCents: Cents | null;
  /** `weight_break`: the breaks, lightest first. */
  breaks: WeightBreak[];
  scope: DealScope;
  schedule: DealSchedule;
  groups: CustomerGroup[];
  trigger: DealTrigger;
  /** The promo code of a `code` deal, trimmed and upper case (`normalCode`; null for the others). */
  code: string | null;
  /** True: no other deal applies to a unit this one discounts. */
  exclusive: boolean;
  /** Higher first: among stackable deals, the order they apply in (each on what the others left). */
  priority: number;
  /** Uses per customer (null: no limit), and in all (null: no limit); a use is one sale. */
  perCustomerLimit: number | null;
  totalLimit: number | null;
  /** False: paused (kept, never applied). */
  active: boolean;
}

/** Every product: a scope naming nothing. */
export const EVERY_PRODUCT: DealScope = { productIds: [], brands: [], categories: [], tags: [] };

/** Every day, all day. */
export const ALWAYS: DealSchedule = {
  startDate: null,
  endDate: null,
  weekdays: [],
  startMinute: null,
  endMinute: null,
};

/** A new deal's starting point: nothing given yet, on every product, always, for everyone, automatic, stackable, active. */
export function blankDeal(id: string): Deal {
  return {
    id,
    name: '',
    kind: 'percent',
    percentPpm: null,
    amountCents: null,
    priceCents: null,
    buyQuantity: null,
    getQuantity: null,
    getScope: null,
    bundleQuantity: null,
    bundlePriceCents: null,
    breaks: [],
    scope: EVERY_PRODUCT,
    schedule: ALWAYS,
    groups: [],
    trigger: 'automatic',
    code: null,
    exclusive: false,
    priority: 0,
    perCustomerLimit: null,
    totalLimit: null,
    active: true,
  };
}
