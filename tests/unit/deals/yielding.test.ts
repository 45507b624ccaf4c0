import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DealKind } from '../../../shared/deals/deal.js';
import { compileDeals } from '../../../shared/deals/engine.js';
import { applyDeal, applyOnLine } from '../../../shared/deals/kinds.js';
import { freshState, unitsOf, type Units, type UnitState } from '../../../shared/deals/units.js';
import { yielding } from '../../../shared/deals/yielding.js';
import { context, deal, EVERYTHING, line, scope, weighed } from './deal-fixtures.js';

const KINDS: DealKind[] = ['percent', 'amount', 'fixed_price', 'weight_break', 'bundle', 'buy_get'];

/** A state deals could have reached: units taken, amounts lowered towards their floors (or not). */
function reached(units: Units, taken: boolean[], lowered: number[]): UnitState {
  const state = freshState(units);
  state.left = units.start.map((start, unit) => {
    const lowest = Math.min(start, units.floor[unit]!);
    return start - Math.floor(((start - lowest) * lowered[unit % lowered.length]!) / 100);
  });
  state.taken = units.start.map((_, unit) => taken[unit % taken.length]!);
  return state;
}

describe('yielding: the deals and lines that can ever take something off a cart', () => {
  it('leaves out only what takes nothing, at the start and at any state deals reach', () => {
    const lineArb = fc
      .record({
        price: fc.integer({ min: 0, max: 4000 }),
        units: fc.integer({ min: 1, max: 4 }),
        weighed: fc.boolean(),
        milligrams: fc.integer({ min: 500, max: 9000 }),
        floorShare: fc.constantFrom(0, 0, 50, 120),
      })
      .map(({ price, units, weighed: byWeight, milligrams, floorShare }) => {
        const made = byWeight ? weighed('w', price, milligrams) : line('l', price, units);
        return { ...made, floorCents: Math.floor((made.amountCents * floorShare) / 100) };
      });
    const dealArb = fc.record({
      kind: fc.constantFrom(...KINDS),
      percent: fc.integer({ min: 0, max: 100 }),
      amount: fc.integer({ min: 0, max: 900 }),
      price: fc.integer({ min: 0, max: 5000 }),
      size: fc.integer({ min: 0, max: 5 }),
      buy: fc.integer({ min: 0, max: 4 }),
      get: fc.integer({ min: 0, max: 2 }),
      scope: fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }),
      reward: fc.subarray([0, 1, 2, 3, 4]),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 5, maxLength: 5 }),
        dealArb,
        fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 7 }),
        (cart, shape, taken, lowered) => {
          const units = unitsOf(cart.map((made, at) => ({ ...made, key: String(at) })));
          const made = deal({
            id: 'd',
            kind: shape.kind,
            percentPpm: shape.percent * 10_000,
            amountCents: shape.amount,
            priceCents: shape.price,
            bundleQuantity: shape.size,
            bundlePriceCents: shape.price,
            buyQuantity: shape.buy,
            getQuantity: shape.get,
            getScope: shape.kind === 'buy_get' && shape.reward.length > 0 ? EVERYTHING : null,
            breaks: [
              { weightMg: 3500, priceCents: shape.price },
              { weightMg: 7000, priceCents: shape.price * 2 },
            ],
          });
          const lines = { scope: shape.scope, reward: made.getScope ? shape.reward : [] };
          const kept = yielding(made, lines, units);
          for (const state of [freshState(units), reached(units, taken, lowered)]) {
            if (kept === null) {
              expect(applyDeal(made, lines, units, state).total).toBe(0);
              continue;
            }
            for (const dropped of lines.scope.filter((at) => !kept.scope.includes(at))) {
              expect(applyOnLine(made, dropped, units, state)).toBe(0);
            }
          }
        },
      ),
      { seed: 31_2026, numRuns: 3000 },
    );
  });

  it('a weight break on a line not weighed, a bundle bigger than the cart: never weighed, nothing changes', () => {
    const book = compileDeals([
      deal({ id: 'eighth', kind: 'weight_break', breaks: [{ weightMg: 3500, priceCents: 2500 }] }),
      deal({ id: 'four for 20', kind: 'bundle', bundleQuantity: 4, bundlePriceCents: 2000 }),
      deal({ id: 'ten off', kind: 'percent', percentPpm: 100_000, scope: scope({ categories: ['EDIBLE'] }) }),
    ]);
    const outcome = book.apply([line('1', 1000, 2), weighed('2', 1000, 1000)], context());
    expect(outcome.deals.map((applied) => applied.dealId)).toEqual(['ten off']);
    expect(outcome.discountCents).toBe(200);
    // The weight break applies once the line is weighed and heavy enough.
    const heavier = book.apply([line('1', 1000, 2), weighed('2', 1000, 3500)], context());
    expect(heavier.deals.map((applied) => applied.dealId)).toEqual(['eighth', 'ten off']);
  });
});
