import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOnLine } from '../../../shared/deals/kinds.js';
import { takeOff } from '../../../shared/deals/take-off.js';
import { daysBetween, runsAt, weekdayOf } from '../../../shared/deals/schedule.js';
import { shiftDay } from '../../../shared/zoned-day.js';
import {
  freshState,
  room,
  spread,
  spreadCapped,
  unitsOf,
  type Units,
  type UnitState,
} from '../../../shared/deals/units.js';
import { deal, line, schedule, weighed } from './deal-fixtures.js';

describe('spread (largest remainder)', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [700, [1000, 900, 800], [259, 233, 208]],
    [5, [0, 0], [0, 0]],
    [0, [3, 4], [0, 0]],
    [2, [1, 1, 1], [1, 1, 0]],
  ])('%i over %j is %j', (total, weights, shares) => {
    expect(spread(total, weights)).toEqual(shares);
    if (weights.some((weight) => weight > 0)) expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('caps each share, the rest to the others by their weights', () => {
    expect(spreadCapped(1000, [1000, 2000], [100, 2000])).toEqual([100, 900]);
    expect(spreadCapped(1000, [1, 1, 1], [100, 100, 2000])).toEqual([100, 100, 800]);
    expect(spreadCapped(5000, [1, 1], [100, 200])).toEqual([100, 200]);
    expect(spreadCapped(10, [0, 0], [4, 6])).toEqual([4, 6]);
  });
});

describe('a cart in units', () => {
  it('cuts a line into its units, sharing its amount and floor; a weighed line is one', () => {
    const units = unitsOf([line('a', 333, 3, { amountCents: 1000, floorCents: 100 }), weighed('b', 1000, 3500)]);
    expect(units.start).toEqual([334, 333, 333, 3500]);
    expect(units.floor).toEqual([34, 33, 33, 0]);
    expect(units.milli).toEqual([1000, 1000, 1000, 3500]);
    expect(units.ofLine).toEqual([[0, 1, 2], [3]]);
  });

  it('takes a part of a unit as one unit of that part', () => {
    expect(unitsOf([line('a', 1000, 1, { quantityMilli: 1500, amountCents: 1500 })]).milli).toEqual([1500]);
  });
});

describe('store days', () => {
  it('count across months, years and leap days', () => {
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekdayOf('2026-12-02')).toBe(3);
    expect(daysBetween('2026-11-30', '2026-12-02')).toBe(2);
  });

  it('hours across midnight on the first of a month belong to the last day of the one before', () => {
    const lastDay = schedule({ startDate: '2026-11-30', endDate: '2026-11-30', startMinute: 1320, endMinute: 120 });
    expect(runsAt(lastDay, '2026-12-01', 2, 60)).toBe(true);
    expect(runsAt(lastDay, '2026-12-01', 2, 1380)).toBe(false);
  });
});

// Few amounts, so that units tie on what they have left and shares meet their rooms exactly.
const amountArb = fc.oneof(fc.constantFrom(0, 1, 2, 99, 100, 101, 333, 334, 1000), fc.integer({ min: 0, max: 5000 }));
const unitArb = fc.record({ left: amountArb, floor: fc.oneof(fc.constant(0), amountArb), taken: fc.boolean() });

/** Lines of the units given (a line's count of them each), those amounts left, floors and taken. */
function cutInto(counts: readonly number[], cut: readonly { left: number; floor: number; taken: boolean }[]) {
  const units = unitsOf(counts.map((count, at) => line(String(at), 1000, count)));
  const state = freshState(units);
  cut.slice(0, units.line.length).forEach(({ left, floor, taken }, at) => {
    units.floor[at] = floor;
    state.left[at] = left;
    state.taken[at] = taken;
  });
  return { units, state };
}

/** `amount` off `list`'s units as spreadCapped shares it (what the engine did before it shared without arrays). */
function plainly(units: Units, state: UnitState, list: readonly number[], amount: number): number[] {
  const left = [...state.left];
  const shares = spreadCapped(
    amount,
    list.map((unit) => left[unit]!),
    list.map((unit) => room(units, state, unit)),
  );
  list.forEach((unit, at) => (left[unit] = left[unit]! - shares[at]!));
  return left;
}

describe('a discount shared over units', () => {
  it("a line priced by one deal: over the line's free units as spreadCapped does, whatever the floors", () => {
    fc.assert(
      fc.property(
        fc.array(unitArb, { minLength: 2, maxLength: 7 }),
        fc.oneof(fc.constantFrom(10, 25, 50, 100), fc.integer({ min: 1, max: 100 })),
        (cut, percent) => {
          const { units, state } = cutInto([cut.length], cut);
          const before = { left: [...state.left], taken: state.taken };
          const off = applyOnLine(deal({ id: 'd', percentPpm: percent * 10_000 }), 0, units, state);
          const free = units.ofLine[0]!.filter((unit) => !state.taken[unit]);
          expect(state.left).toEqual(plainly(units, before, free, off));
        },
      ),
      { seed: 31_2026, numRuns: 3000 },
    );
  });

  it('a bundle or a reward: over its lines by what is left of them, then over each line as spreadCapped does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }),
        fc.array(unitArb, { minLength: 16, maxLength: 16 }),
        fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }),
        fc.oneof(amountArb, fc.integer({ min: 1, max: 20_000 })),
        (counts, cut, chosenFlags, amount) => {
          const { units, state } = cutInto(counts, cut);
          const chosen = units.line.flatMap((_, unit) => (chosenFlags[unit] ? [unit] : []));
          const before = { left: [...state.left], taken: state.taken };
          const taken = takeOff(units, state, [...chosen].reverse(), amount);
          // What it did before: each line's share by spreadCapped, then that line's units' by it too.
          const lines = [...new Set(chosen.map((unit) => units.line[unit]!))];
          const ofLine = lines.map((at) => chosen.filter((unit) => units.line[unit] === at));
          const sum = (list: number[], of: (unit: number) => number) => list.reduce((all, unit) => all + of(unit), 0);
          const shares = spreadCapped(
            amount > 0 ? amount : 0,
            ofLine.map((list) => sum(list, (unit) => before.left[unit]!)),
            ofLine.map((list) => sum(list, (unit) => room(units, before, unit))),
          );
          let expected = before;
          ofLine.forEach((list, at) => {
            if (shares[at]! > 0) expected = { ...expected, left: plainly(units, expected, list, shares[at]!) };
          });
          expect(state.left).toEqual(expected.left);
          const lost = lines.flatMap((at, index) => (shares[index]! > 0 ? [[at, shares[index]!]] : []));
          expect([...taken]).toEqual(amount > 0 ? lost : []);
        },
      ),
      { seed: 31_2026, numRuns: 3000 },
    );
  });
});
