import { REPORT_MAX_DAYS } from '../../../shared/contracts/reports';
import {
  dayNumber,
  previousRange,
  rangeDays,
  shiftDay,
  weekdayOf,
  type DayRange,
} from '../../../shared/reports/report-range';
import { zonedDate } from '../../../shared/zoned-day';

export { previousRange, rangeDays, type DayRange };

/**
 * The Reports screen's range of store days (README "Reports"): presets counted on the store's
 * calendar, whatever the computer's own zone, and a custom range checked before it is asked for.
 */

export const RANGE_PRESETS = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'this-week', label: 'This week' },
  { id: 'last-week', label: 'Last week' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'custom', label: 'Custom dates' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

/** Monday 0 … Sunday 6 (a store's week starts on Monday, as the weekday report counts). */
const weekdayIndex = (day: string) => weekdayOf(day) - 1;

/** The range a preset names at `now`, on the calendar of `timeZone` (the store's). */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date, timeZone: string): DayRange {
  const today = zonedDate(now, timeZone);
  const monday = shiftDay(today, -weekdayIndex(today));
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: shiftDay(today, -1), to: shiftDay(today, -1) };
    case 'this-week':
      return { from: monday, to: today };
    case 'last-week':
      return { from: shiftDay(monday, -7), to: shiftDay(monday, -1) };
    case 'this-month':
      return { from: firstOfMonth, to: today };
    case 'last-month': {
      const lastDay = shiftDay(firstOfMonth, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
    case 'last-30-days':
      return { from: shiftDay(today, -29), to: today };
  }
}

/**
 * What is wrong with a typed range, in words, by field (`from`, `to`); empty when it can be asked for.
 * (A report of one day's end, inventory value, checks its day alone: stock-day.ts.)
 */
export function rangeProblems(range: DayRange): Partial<Record<keyof DayRange, string>> {
  const problems: Partial<Record<keyof DayRange, string>> = {};
  if (Number.isNaN(dayNumber(range.from))) problems.from = 'Enter the first day of the report.';
  if (Number.isNaN(dayNumber(range.to))) problems.to = 'Enter the last day of the report.';
  if (problems.from || problems.to) return problems;
  if (dayNumber(range.to) < dayNumber(range.from)) {
    problems.to = `The last day cannot be before the first (${dayWords(range.from)}).`;
  } else if (rangeDays(range) > REPORT_MAX_DAYS) {
    problems.to = `A report covers ${REPORT_MAX_DAYS} days at most: this range has ${rangeDays(range)}.`;
  }
  return problems;
}

/**
 * What stands in the report's place while its dates are refused ("No report for these dates. The last
 * day cannot be before the first (Nov 1)."; "No report for this day." of one day's stock), '' when they
 * are not: no other range's figures stand for them.
 */
export function refusedWords(problems: Partial<Record<keyof DayRange, string>>, oneDay = false): string {
  const why = [problems.from, problems.to].filter((words) => words);
  return why.length === 0 ? '' : `No report for ${oneDay ? 'this day' : 'these dates'}. ${why.join(' ')}`;
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "Nov 1" (a store day, as a calendar date: no zone to convert). */
export function dayWords(day: string, withYear = false): string {
  const noon = new Date(`${day}T12:00:00Z`);
  return (withYear ? LONG : SHORT).format(noon);
}

/** "Nov 1 to Nov 30", "Dec 28, 2026 to Jan 3, 2027", or "Nov 30" for one day. */
export function rangeWords(range: DayRange): string {
  if (range.from === range.to) return dayWords(range.from);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${dayWords(range.from, !sameYear)} to ${dayWords(range.to, !sameYear)}`;
}

/** "November 2026" for `2026-11` (a tax report's month). */
export const monthWords = (month: string): string => MONTH.format(new Date(`${month}-15T12:00:00Z`));
