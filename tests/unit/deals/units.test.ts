import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOnLine } from '../../../shared/deals/kinds.js';
import { addDays, daysBetween, runsAt, weekdayOf } from '../../../shared/deals/schedule.js';
import { freshState, room, spread, spreadCapped, unitsOf } from '../../../shared/deals/units.js';
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
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(weekdayOf('2026-12-02')).toBe(3);
    expect(daysBetween('2026-11-30', '2026-12-02')).toBe(2);
  });

  it('hours across midnight on the first of a month belong to the last day of the one before', () => {
    const lastDay = schedule({ startDate: '2026-11-30', endDate: '2026-11-30', startMinute: 1320, endMinute: 120 });
    expect(runsAt(lastDay, '2026-12-01', 2, 60)).toBe(true);
    expect(runsAt(lastDay, '2026-12-01', 2, 1380)).toBe(false);
  });
});

describe('a line priced by one deal', () => {
  it("shares the deal's discount over the line's free units as spreadCapped does, whatever the floors", () => {
    // Few amounts, so that units tie on what they have left and shares meet their rooms exactly.
    const amountArb = fc.oneof(
      fc.constantFrom(0, 1, 2, 99, 100, 101, 333, 334, 1000),
      fc.integer({ min: 0, max: 5000 }),
    );
    const unitArb = fc.record({ left: amountArb, floor: fc.oneof(fc.constant(0), amountArb) });
    fc.assert(
      fc.property(
        fc.array(fc.record({ unit: unitArb, taken: fc.boolean() }), { minLength: 2, maxLength: 7 }),
        fc.oneof(fc.constantFrom(10, 25, 50, 100), fc.integer({ min: 1, max: 100 })),
        (cut, percent) => {
          const units = unitsOf([line('1', 1000, cut.length)]);
          const state = freshState(units);
          cut.forEach(({ unit, taken }, at) => {
            units.floor[at] = unit.floor;
            state.left[at] = unit.left;
            state.taken[at] = taken;
          });
          const open = units.ofLine[0]!.filter((unit) => !state.taken[unit]);
          const expected = [...state.left];
          const off = applyOnLine(deal({ id: 'd', percentPpm: percent * 10_000 }), 0, units, state);
          const shares = spreadCapped(
            off,
            open.map((unit) => expected[unit]!),
            open.map((unit) => room(units, { ...state, left: expected }, unit)),
          );
          open.forEach((unit, at) => (expected[unit] = expected[unit]! - shares[at]!));
          expect(state.left).toEqual(expected);
        },
      ),
      { seed: 31_2026, numRuns: 3000 },
    );
  });
});
