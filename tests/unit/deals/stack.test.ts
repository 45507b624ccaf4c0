import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candidate, Evaluation } from '../../../shared/deals/candidate.js';
import type { DealKind } from '../../../shared/deals/deal.js';
import { applyDeal, applyOnLine } from '../../../shared/deals/kinds.js';
import { choose } from '../../../shared/deals/search.js';
import { evaluateWith, priceStack } from '../../../shared/deals/stack.js';
import { freshState, unitsOf, type Units, type UnitState } from '../../../shared/deals/units.js';
import { deal, EVERYTHING, line, weighed } from './deal-fixtures.js';

/** The plain way: the exclusive deals, then every stackable deal, each priced again. */
function everyDealAgain(units: Units, base: UnitState, exclusive: Candidate[], stack: Candidate[]): Evaluation {
  const state: UnitState = { left: base.left.slice(), taken: base.taken.slice() };
  const result: Evaluation = { byDeal: new Map(), total: 0 };
  for (const candidate of [...exclusive, ...stack]) {
    const applied = applyDeal(candidate.deal, candidate.lines, units, state);
    if (applied.total === 0) continue;
    result.byDeal.set(candidate, applied.byLine);
    result.total += applied.total;
    if (candidate.deal.exclusive) for (const unit of applied.used) state.taken[unit] = true;
  }
  return result;
}

const flat = (evaluation: Evaluation) =>
  [...evaluation.byDeal].map(([candidate, byLine]) => [candidate.deal.id, [...byLine]]);

const KINDS: DealKind[] = ['percent', 'amount', 'fixed_price', 'weight_break', 'bundle', 'buy_get'];

const CART = [
  line('a', 1299, 3),
  line('b', 500, 2, { floorCents: 600 }),
  weighed('c', 1000, 3500),
  line('d', 2500),
  line('e', 333, 4),
];

const candidateArb = (exclusive: boolean) =>
  fc.record({
    exclusive: fc.constant(exclusive),
    kind: fc.constantFrom(...KINDS),
    scope: fc.subarray([0, 1, 2, 3, 4], { minLength: 1 }),
    reward: fc.subarray([0, 1, 2, 3, 4]),
    percent: fc.integer({ min: 1, max: 100 }),
  });

/** Deals of every kind drawn by `candidateArb`, each with its lines and its place (`rank`). */
function candidatesOf(
  drawn: { exclusive: boolean; kind: DealKind; scope: number[]; reward: number[]; percent: number }[],
) {
  return drawn.map(({ kind, percent, scope, reward, exclusive }, at): Candidate => ({
    deal: deal({
      id: `d${at}`,
      kind,
      exclusive,
      percentPpm: percent * 10_000,
      amountCents: percent * 3,
      priceCents: 1000 - percent * 5,
      bundleQuantity: 2,
      bundlePriceCents: 1500,
      buyQuantity: 1,
      getQuantity: 1,
      getScope: kind === 'buy_get' && reward.length > 0 ? EVERYTHING : null,
      breaks: [{ weightMg: 3500, priceCents: 2500 }],
    }),
    lines: { scope, reward: kind === 'buy_get' ? reward : [] },
    rank: at,
  }));
}

describe('the stack priced once, re-priced where a set of exclusive deals reads', () => {
  it('answers what pricing every deal again answers, to the cent and the order', () => {
    const units = unitsOf(CART);
    fc.assert(
      fc.property(
        fc.array(candidateArb(true), { maxLength: 4 }),
        fc.array(candidateArb(false), { maxLength: 8 }),
        (exclusive, stack) => {
          const made = candidatesOf([...exclusive, ...stack]);
          const given = made.slice(0, exclusive.length);
          const stacked = made.slice(exclusive.length);
          const base = freshState(units);
          const priced = priceStack(units, base, stacked);
          expect(flat(priced.evaluation)).toEqual(flat(everyDealAgain(units, base, [], stacked)));
          const trial = evaluateWith(units, base, given, priced);
          const plain = everyDealAgain(units, base, given, stacked);
          expect(flat(trial)).toEqual(flat(plain));
          expect(trial.total).toBe(plain.total);
        },
      ),
      { seed: 31_2026, numRuns: 400 },
    );
  });
});

describe('the search of every set of exclusive deals', () => {
  it('takes off as much as the best set priced plainly (sets it leaves out take less)', () => {
    const units = unitsOf(CART);
    fc.assert(
      fc.property(
        fc.array(candidateArb(true), { maxLength: 5 }),
        fc.array(candidateArb(false), { maxLength: 8 }),
        (exclusive, stack) => {
          const made = candidatesOf([...exclusive, ...stack]);
          const given = made.slice(0, exclusive.length);
          const stacked = made.slice(exclusive.length);
          // The order exclusive deals take their units in: bundles and buy X get Y first, then by place.
          const together = (c: Candidate) => c.deal.kind === 'bundle' || c.deal.kind === 'buy_get';
          const inOrder = (set: Candidate[]) =>
            [...set].sort((a, b) => Number(!together(a)) - Number(!together(b)) || a.rank! - b.rank!);
          let best = 0;
          for (let mask = 0; mask < 2 ** given.length; mask += 1) {
            const set = given.filter((_, at) => (mask & (2 ** at)) !== 0);
            best = Math.max(best, everyDealAgain(units, freshState(units), inOrder(set), stacked).total);
          }
          expect(choose(units, freshState(units), made).total).toBe(best);
        },
      ),
      { seed: 2_012_2026, numRuns: 400 },
    );
  });
});

describe('a deal priced on one line', () => {
  it('takes off what the deal wants, never below the floor, spread over the free units', () => {
    const units = unitsOf([line('a', 1000, 3, { floorCents: 2400 })]);
    const state = freshState(units);
    expect(applyOnLine(deal({ id: 'half', percentPpm: 500_000 }), 0, units, state)).toBe(600);
    expect(state.left).toEqual([800, 800, 800]);
    state.taken[0] = true;
    expect(applyOnLine(deal({ id: 'more' }), 0, units, state)).toBe(0);
  });
});
