import { describe, expect, it } from 'vitest';
import {
  DAY_PRESETS,
  dayProblem,
  dayRefusal,
  leftOutNotes,
  presetDay,
  stockWhen,
} from '../../../../renderer/backoffice/logic/stock-day.js';
import { RANGE_PRESETS } from '../../../../renderer/backoffice/logic/report-range.js';

const LA = 'America/Los_Angeles';

describe("the stock at a day's end: days, not ranges", () => {
  it('offers today so far and the ends of days gone by, none of the ranges', () => {
    expect(DAY_PRESETS.map((preset) => preset.label)).toEqual([
      'Today so far',
      'End of yesterday',
      'End of last week',
      'End of last month',
      'Another day',
    ]);
    const ranges: readonly string[] = RANGE_PRESETS.map((preset) => preset.label);
    expect(ranges).toContain('Last 30 days');
    expect(DAY_PRESETS.filter((preset) => ranges.includes(preset.label))).toEqual([]);
  });

  // Sunday Nov 1 2026, 11:30 PM PST (the clocks went back that morning); in UTC it is Monday already.
  const lateOnDstSunday = new Date('2026-11-02T07:30:00Z');

  it.each([
    ['today', '2026-11-01'],
    ['end-of-yesterday', '2026-10-31'],
    ['end-of-last-week', '2026-10-25'],
    ['end-of-last-month', '2026-10-31'],
  ] as const)("%s on the evening the clocks went back is %s (the store's day, not UTC)", (preset, day) => {
    expect(presetDay(preset, lateOnDstSunday, LA)).toBe(day);
  });

  it('last week ends on the Sunday before this Monday; last month on its last day', () => {
    const monday = new Date('2026-11-30T20:00:00Z');
    expect(presetDay('end-of-last-week', monday, LA)).toBe('2026-11-29');
    expect(presetDay('end-of-last-month', new Date('2028-03-01T20:00:00Z'), LA)).toBe('2028-02-29');
    // 02:30 UTC on Dec 7: still Dec 6 in Sacramento, already Dec 7 on Kiritimati.
    const instant = new Date('2026-12-07T02:30:00Z');
    expect(presetDay('today', instant, LA)).toBe('2026-12-06');
    expect(presetDay('today', instant, 'Pacific/Kiritimati')).toBe('2026-12-07');
  });
});

describe('a day refused in words', () => {
  it('a day whose end has not come is refused; today is its stock so far', () => {
    expect(dayProblem('2026-12-06', '2026-12-06')).toBe('');
    expect(dayProblem('2026-11-30', '2026-12-06')).toBe('');
    expect(dayProblem('2026-12-07', '2026-12-06')).toBe(
      'The end of Dec 7 has not come yet: choose “Today so far” or an earlier day.',
    );
    expect(dayProblem('2099-01-01', '2026-12-06')).toBe(
      'The end of Jan 1, 2099 has not come yet: choose “Today so far” or an earlier day.',
    );
    expect(dayProblem('2026-02-30', '2026-12-06')).toBe('Enter the day whose stock to show.');
    expect(dayProblem('', '2026-12-06')).toBe('Enter the day whose stock to show.');
  });

  it("the service's refusal is said from its figures: the day the store's records start", () => {
    expect(dayRefusal('2026-10-30', { firstDay: '2026-10-31' }, false)).toBe(
      'The store’s records start on Oct 31, 2026: choose that day or a later one.',
    );
    // Across stores the day is refused only before every store's records: the earliest start.
    expect(dayRefusal('2026-10-30', { firstDay: '2026-10-31' }, true)).toBe(
      'The stores’ records start on Oct 31, 2026 at the earliest: choose that day or a later one.',
    );
    expect(dayRefusal('2026-12-07', { lastDay: '2026-12-06' }, false)).toBe(
      'The end of Dec 7 has not come yet: choose “Today so far” or an earlier day.',
    );
    expect(dayRefusal('2026-12-07', undefined, false)).toBe('');
  });
});

describe('the stores the stock across stores leaves out', () => {
  const north = { dispensaryShortName: 'north', dispensaryName: 'North Store', timeZone: 'America/Denver' };
  it('names each with the day its records start, in words; nothing when none is left out', () => {
    expect(leftOutNotes({ from: '2026-03-02', leftOut: [], previousLeftOut: [] })).toEqual([]);
    expect(
      leftOutNotes({ from: '2026-03-02', leftOut: [{ ...north, firstDay: '2026-03-03' }], previousLeftOut: [] }),
    ).toEqual(['Left out: North Store (its records start on Mar 3, 2026).']);
    // Compared with the day before (the service's answer to compare=previous): the stores that day leaves out.
    expect(
      leftOutNotes({ from: '2026-03-03', leftOut: [], previousLeftOut: [{ ...north, firstDay: '2026-03-03' }] }),
    ).toEqual([
      'Left out of the comparison with Mar 2, and so of the change: North Store (its records start on Mar 3, 2026).',
    ]);
  });
});

describe('when the stock shown is of', () => {
  it("a day read before its end is its stock so far; a day gone by, its end's", () => {
    // 9:14 PM PST on Dec 6.
    const asOf = '2026-12-07T05:14:00Z';
    expect(stockWhen('2026-12-06', asOf, LA)).toEqual({
      heading: 'Stock so far today (Dec 6)',
      phrase: 'so far today (Dec 6)',
    });
    expect(stockWhen('2026-12-05', asOf, LA)).toEqual({
      heading: 'Stock at the end of Dec 5',
      phrase: 'at the end of Dec 5',
    });
  });
});
