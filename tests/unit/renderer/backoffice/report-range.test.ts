import { describe, expect, it } from 'vitest';
import {
  presetRange,
  previousRange,
  rangeDays,
  rangeProblems,
  rangeWords,
  monthWords,
  refusedWords,
} from '../../../../renderer/backoffice/logic/report-range.js';

const LA = 'America/Los_Angeles';

describe("the Reports screen's range presets, on the store's calendar", () => {
  // Sunday Nov 1 2026, 11:30 PM PST: the clocks went back at 2 AM that day; in UTC it is Monday already.
  const lateOnDstSunday = new Date('2026-11-02T07:30:00Z');

  it.each([
    ['today', '2026-11-01', '2026-11-01'],
    ['yesterday', '2026-10-31', '2026-10-31'],
    ['this-week', '2026-10-26', '2026-11-01'],
    ['last-week', '2026-10-19', '2026-10-25'],
    ['this-month', '2026-11-01', '2026-11-01'],
    ['last-month', '2026-10-01', '2026-10-31'],
    ['last-30-days', '2026-10-03', '2026-11-01'],
  ] as const)('%s on the evening the clocks went back is %s to %s (the store day, not UTC)', (preset, from, to) => {
    expect(presetRange(preset, lateOnDstSunday, LA)).toEqual({ from, to });
  });

  it('counts the spring-forward week whole (a 23-hour Sunday is still a day)', () => {
    // Monday Mar 9 2026, 12:30 AM PDT: last week ran Mar 2–8, across the change at 2 AM on the 8th.
    const now = new Date('2026-03-09T07:30:00Z');
    expect(presetRange('last-week', now, LA)).toEqual({ from: '2026-03-02', to: '2026-03-08' });
    expect(presetRange('today', now, LA)).toEqual({ from: '2026-03-09', to: '2026-03-09' });
  });

  it('knows month ends: February of a leap year, and January from March 1', () => {
    expect(presetRange('last-month', new Date('2028-03-01T20:00:00Z'), LA)).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(presetRange('last-month', new Date('2027-01-15T20:00:00Z'), LA)).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('this-month', new Date('2026-03-31T20:00:00Z'), LA)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });

  it("is the store's zone's day, whatever the instant is elsewhere", () => {
    const instant = new Date('2026-11-30T02:00:00Z');
    expect(presetRange('today', instant, LA).to).toBe('2026-11-29');
    expect(presetRange('today', instant, 'Europe/Berlin').to).toBe('2026-11-30');
  });
});

describe('the previous period and its length', () => {
  it('is the same number of days just before, across month ends', () => {
    expect(previousRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeDays({ from: '2026-03-01', to: '2026-03-31' })).toBe(31);
  });
});

describe('a typed range refused in words, by field', () => {
  it('an end before its start is refused beside the end', () => {
    expect(rangeProblems({ from: '2026-11-30', to: '2026-11-01' })).toEqual({
      to: 'The last day cannot be before the first (Nov 30).',
    });
  });

  it('over 366 days is refused; 366 days is a report', () => {
    expect(rangeProblems({ from: '2025-11-01', to: '2026-11-01' })).toEqual({});
    expect(rangeProblems({ from: '2025-11-01', to: '2026-11-02' })).toEqual({
      to: 'A report covers 366 days at most: this range has 367.',
    });
  });

  it('a missing or impossible date asks for one', () => {
    expect(rangeProblems({ from: '', to: '2026-02-30' })).toEqual({
      from: 'Enter the first day of the report.',
      to: 'Enter the last day of the report.',
    });
  });

  it("says in the report's place why there is no report for the dates", () => {
    expect(refusedWords({})).toBe('');
    expect(refusedWords({ to: 'The last day cannot be before the first (Nov 30).' })).toBe(
      'No report for these dates. The last day cannot be before the first (Nov 30).',
    );
    expect(refusedWords({ from: 'Enter the first day of the report.', to: 'Enter the last day of the report.' })).toBe(
      'No report for these dates. Enter the first day of the report. Enter the last day of the report.',
    );
    // Of one day's stock: its one day.
    expect(refusedWords({ to: 'Enter the day whose stock to show.' }, true)).toBe(
      'No report for this day. Enter the day whose stock to show.',
    );
  });
});

describe('ranges in words', () => {
  it('names the days, with years only when they differ', () => {
    expect(rangeWords({ from: '2026-11-01', to: '2026-11-30' })).toBe('Nov 1 to Nov 30');
    expect(rangeWords({ from: '2026-12-28', to: '2027-01-03' })).toBe('Dec 28, 2026 to Jan 3, 2027');
    expect(rangeWords({ from: '2026-11-30', to: '2026-11-30' })).toBe('Nov 30');
    expect(monthWords('2026-11')).toBe('November 2026');
  });
});
