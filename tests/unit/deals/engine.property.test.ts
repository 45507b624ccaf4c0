import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deal, DealKind, DealScope } from '../../../shared/deals/deal.js';
import { compileDeals, type DealLine, type DealOutcome } from '../../../shared/deals/engine.js';
import { context, deal } from './deal-fixtures.js';

/**
 * The engine's properties (issue 31), over random carts of up to 8 lines (units and weighed, with
 * and without floors) and up to 8 deals of every kind, stackable and exclusive, on overlapping
 * scopes. Proved for every run:
 * 1. the total discount is never negative, never more than the cart less its floors, and is the
 *    sum of the lines' and of the deals' discounts;
 * 2. a line's discount is never negative (each deal's share on it is positive) and never more than
 *    its amount less its floor;
 * 3. the result does not depend on the order of the lines, nor on the order of the deals
 *    (1 to 3 also on carts of 10–20 lines with 24–40 deals, where the search is greedy);
 * 4. with deals priced line by line (percent, amount off, fixed price, weight breaks; stackable
 *    or exclusive, floors or none), adding an automatic stackable one never makes the customer
 *    pay more, to the cent. Each of those kinds leaves a line's rest the lower the lower it found
 *    it (rounding half-up is monotone and shifts by whole cents), so every stack can only end
 *    lower; where the exclusive deals are searched exhaustively, the best of more can only be
 *    better. Where the search turns greedy (an exclusive deal is weighed on each of its lines, so
 *    several of them over many lines), the greedy choice does not promise it; it held in these
 *    runs and in 4,000 more tried once.
 *    It is NOT a property of bundles and buy X get Y stacked before per-line deals: they spread
 *    their saving over the lines by amount, so a deal ahead of them can move that saving off a
 *    line that a later amount-off deal would have taken down anyway, or stop a bundle from
 *    saving at all (found by this test: a new percent deal on a $0.06 line stopped a 2-for-$0.44
 *    bundle of it and a $0.41 line, and the amount-off deal after them found less to take: 9 ¢
 *    off against 10 ¢). The stacking rule (each on what the ones before left) means just that.
 * Seeded, about 2 s in all on the 2-core machine.
 */
const SEED = 31_2026;
const RUNS = 300;

const PRODUCTS = ['p1', 'p2', 'p3', 'p4', 'p5'];
const BRANDS = ['Kiva', 'Wyld', 'Stiiizy'];
const CATEGORIES = ['EDIBLE', 'PREROLL', 'FLOWER'];
const TAGS = ['gummies', 'sale'];

const lineArb = (floors: boolean): fc.Arbitrary<Omit<DealLine, 'key'>> =>
  fc
    .record({
      productId: fc.constantFrom(...PRODUCTS),
      brand: fc.constantFrom(...BRANDS),
      category: fc.constantFrom(...CATEGORIES),
      tags: fc.subarray(TAGS),
      unitPriceCents: fc.integer({ min: 0, max: 6000 }),
      weighed: fc.boolean(),
      units: fc.integer({ min: 1, max: 5 }),
      milligrams: fc.integer({ min: 500, max: 14_000 }),
      breakOff: fc.integer({ min: 0, max: 300 }),
      floorShare: floors ? fc.integer({ min: 0, max: 120 }) : fc.constant(0),
    })
    .map(({ units, milligrams, breakOff, floorShare, ...rest }) => {
      const quantityMilli = rest.weighed ? milligrams : units * 1000;
      const full = Math.round((rest.unitPriceCents * quantityMilli) / 1000);
      const amountCents = Math.max(0, full - breakOff);
      return { ...rest, quantityMilli, amountCents, floorCents: Math.floor((amountCents * floorShare) / 100) };
    });

const scopeArb: fc.Arbitrary<DealScope> = fc.record({
  productIds: fc.subarray(PRODUCTS, { maxLength: 2 }),
  brands: fc.subarray(BRANDS, { maxLength: 1 }),
  categories: fc.subarray(CATEGORIES, { maxLength: 2 }),
  tags: fc.subarray(TAGS, { maxLength: 1 }),
});

/** The kinds priced line by line: each keeps what is left of a line the lower, the less it was. */
const PER_LINE: DealKind[] = ['percent', 'amount', 'fixed_price', 'weight_break'];
const KINDS: DealKind[] = ['percent', 'amount', 'fixed_price', 'buy_get', 'bundle', 'weight_break'];

const dealArb = (id: string, exclusive: fc.Arbitrary<boolean>, kinds = KINDS): fc.Arbitrary<Deal> =>
  fc
    .record({
      kind: fc.constantFrom(...kinds),
      percentPpm: fc.integer({ min: 0, max: 1_000_000 }),
      cents: fc.integer({ min: 0, max: 5000 }),
      buy: fc.integer({ min: 1, max: 3 }),
      get: fc.integer({ min: 1, max: 2 }),
      size: fc.integer({ min: 2, max: 4 }),
      scope: scopeArb,
      getScope: fc.option(scopeArb, { freq: 3 }),
      exclusive,
      priority: fc.integer({ min: 0, max: 2 }),
    })
    .map((r) =>
      deal({
        id,
        kind: r.kind,
        percentPpm: r.percentPpm,
        amountCents: r.cents,
        priceCents: r.cents,
        buyQuantity: r.buy,
        getQuantity: r.get,
        getScope: r.getScope,
        bundleQuantity: r.size,
        bundlePriceCents: r.cents,
        breaks: [
          { weightMg: 3500, priceCents: r.cents },
          { weightMg: 7000, priceCents: r.cents * 2 - 100 > 0 ? r.cents * 2 - 100 : r.cents },
        ],
        scope: r.scope,
        exclusive: r.exclusive,
        priority: r.priority,
      }),
    );

const dealsArb = (max: number, kinds = KINDS) =>
  fc
    .array(fc.boolean(), { maxLength: max })
    .chain((exclusives) =>
      fc.tuple(...exclusives.map((exclusive, index) => dealArb(`d${index}`, fc.constant(exclusive), kinds))),
    );

const keyed = (lines: Omit<DealLine, 'key'>[]): DealLine[] =>
  lines.map((line, index) => ({ ...line, key: `k${index}` }));
const cartArb = (floors: boolean) => fc.array(lineArb(floors), { minLength: 1, maxLength: 8 }).map(keyed);

const byKey = (outcome: DealOutcome) =>
  Object.fromEntries(outcome.lines.map((line) => [line.key, line.discounts.map((d) => [d.dealId, d.amountCents])]));

const apply = (deals: readonly Deal[], lines: readonly DealLine[]) => compileDeals(deals).apply(lines, context());

describe('the deals engine, for any cart and deals', () => {
  it('never takes off less than nothing, nor more than the cart less its floors; the parts add up', () => {
    fc.assert(
      fc.property(cartArb(true), dealsArb(8), (lines, deals) => {
        const outcome = apply(deals, lines);
        const most = lines.reduce((sum, line) => sum + Math.max(0, line.amountCents - line.floorCents), 0);
        expect(outcome.discountCents).toBeGreaterThanOrEqual(0);
        expect(outcome.discountCents).toBeLessThanOrEqual(most);
        expect(outcome.lines.reduce((sum, line) => sum + line.discountCents, 0)).toBe(outcome.discountCents);
        expect(outcome.deals.reduce((sum, d) => sum + d.amountCents, 0)).toBe(outcome.discountCents);
        outcome.lines.forEach((line, index) => {
          const input = lines[index]!;
          expect(line.key).toBe(input.key);
          for (const discount of line.discounts) expect(discount.amountCents).toBeGreaterThan(0);
          expect(line.discountCents).toBeLessThanOrEqual(Math.max(0, input.amountCents - input.floorCents));
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('answers the same whatever the order of the lines and of the deals', () => {
    fc.assert(
      fc.property(
        cartArb(true).chain((lines) =>
          fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
        ),
        dealsArb(8).chain((deals) =>
          fc.tuple(fc.constant(deals), fc.shuffledSubarray(deals, { minLength: deals.length })),
        ),
        ([lines, shuffledLines], [deals, shuffledDeals]) => {
          const first = apply(deals, lines);
          const second = apply(shuffledDeals, shuffledLines);
          expect(byKey(second)).toEqual(byKey(first));
          expect(second.deals).toEqual(first.deals);
          expect(second.discountCents).toBe(first.discountCents);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('keeps to its bounds and its order at sizes past the exhaustive search (the greedy choice)', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb(true), { minLength: 10, maxLength: 20 }).map(keyed),
        fc
          .array(fc.boolean(), { minLength: 24, maxLength: 40 })
          .chain((kinds) => fc.tuple(...kinds.map((_, index) => dealArb(`d${index}`, fc.boolean())))),
        (lines, deals) => {
          const outcome = apply(deals, lines);
          const reversed = apply([...deals].reverse(), [...lines].reverse());
          const most = lines.reduce((sum, line) => sum + Math.max(0, line.amountCents - line.floorCents), 0);
          expect(outcome.discountCents).toBeGreaterThanOrEqual(0);
          expect(outcome.discountCents).toBeLessThanOrEqual(most);
          expect(byKey(reversed)).toEqual(byKey(outcome));
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
  });

  it('never makes the customer pay more when an automatic stackable deal is added (per-line kinds)', () => {
    fc.assert(
      fc.property(
        cartArb(true),
        dealsArb(6, PER_LINE),
        dealArb('added', fc.constant(false), PER_LINE),
        (lines, deals, added) => {
          const before = apply(deals, lines).discountCents;
          const after = apply([...deals, added], lines).discountCents;
          expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
