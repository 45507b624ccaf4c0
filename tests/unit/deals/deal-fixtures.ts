/**
 * Deals, lines and contexts for the engine's tests: every field at a plain default (an active,
 * automatic, stackable deal on every product, every day; an adult-use customer on a Wednesday at
 * noon), each test naming only what it is about.
 */
import type { DealContext, DealCustomer, DealLine } from '../../../shared/deals/engine.js';
import {
  ALWAYS,
  blankDeal,
  EVERY_PRODUCT,
  type Deal,
  type DealSchedule,
  type DealScope,
} from '../../../shared/deals/deal.js';

export const EVERYTHING: DealScope = EVERY_PRODUCT;
export { ALWAYS };

/** A scope of the fields given. */
export function scope(fields: Partial<DealScope>): DealScope {
  return { ...EVERYTHING, ...fields };
}

/** A schedule of the fields given (every day, all day otherwise). */
export function schedule(fields: Partial<DealSchedule>): DealSchedule {
  return { ...ALWAYS, ...fields };
}

/** A deal: 10 % off every product unless the test says otherwise. */
export function deal(fields: Partial<Deal> & { id: string }): Deal {
  return { ...blankDeal(fields.id), name: fields.id, percentPpm: 100_000, ...fields };
}

/** A line of `units` units at `unitPriceCents` (an edible of brand Kiva unless said). */
export function line(key: string, unitPriceCents: number, units = 1, fields: Partial<DealLine> = {}): DealLine {
  return {
    key,
    productId: `product-${key}`,
    brand: 'Kiva',
    category: 'EDIBLE',
    tags: [],
    unitPriceCents,
    quantityMilli: units * 1000,
    weighed: false,
    amountCents: unitPriceCents * units,
    floorCents: 0,
    ...fields,
  };
}

/** A weighed line of `grams` (in thousandths) at `perGramCents`. */
export function weighed(
  key: string,
  perGramCents: number,
  milligrams: number,
  fields: Partial<DealLine> = {},
): DealLine {
  return line(key, perGramCents, 1, {
    category: 'FLOWER',
    weighed: true,
    quantityMilli: milligrams,
    amountCents: Math.round((perGramCents * milligrams) / 1000),
    ...fields,
  });
}

export const ADULT: DealCustomer = { type: 'adult_use', age: 30, veteran: false, firstVisit: false, tierId: null };

/** Wednesday 2026-12-02 at noon, an adult-use customer, nothing typed or chosen. */
export function context(fields: Partial<DealContext> = {}): DealContext {
  return {
    date: '2026-12-02',
    weekday: 3,
    minute: 720,
    customer: ADULT,
    codes: [],
    chosen: [],
    usesLeft: new Map(),
    ...fields,
  };
}
