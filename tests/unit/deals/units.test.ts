import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, runsAt, weekdayOf } from '../../../shared/deals/schedule.js';
import { spread, spreadCapped, unitsOf } from '../../../shared/deals/units.js';
import { line, schedule, weighed } from './deal-fixtures.js';

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
