import { invalidInput } from '../errors.js';
import { REPORT_MAX_DAYS } from '../contracts/reports.js';
import { shiftDay } from '../zoned-day.js';

/** A report's range of store days, both included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date, or NaN when it is not a real date (2026-02-30). */
export function dayNumber(day: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) return Number.NaN;
  return parsed.getTime() / DAY_MS;
}

const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** The store day `days` after `day` (before it when negative): zoned-day.ts's, for the reports' callers. */
export { shiftDay };

/** `field` (an API field, or a CLI flag such as `--to`) refused for `value`, not a real date. */
export const notADay = (field: string, value: string) =>
  invalidInput(field, `must be a real date (YYYY-MM-DD), not "${value}"`);

/**
 * The range `from`…`to` checked: real dates, the end not before the start, at most `REPORT_MAX_DAYS`
 * days; refused in words naming the field otherwise.
 */
export function checkRange(from: string, to: string): DayRange {
  const start = dayNumber(from);
  if (Number.isNaN(start)) throw notADay('from', from);
  const end = dayNumber(to);
  if (Number.isNaN(end)) throw notADay('to', to);
  if (end < start) throw invalidInput('to', `must not be before from (${from})`);
  if (end - start + 1 > REPORT_MAX_DAYS) {
    const last = shiftDay(from, REPORT_MAX_DAYS - 1);
    throw invalidInput(
      'to',
      `must be on or before ${last}: a report covers ${REPORT_MAX_DAYS} days at most from ${from}`,
    );
  }
  return { from, to };
}

/** How many days the range covers. */
export const rangeDays = (range: DayRange): number => dayNumber(range.to) - dayNumber(range.from) + 1;

/** Every day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  const start = dayNumber(range.from);
  return Array.from({ length: rangeDays(range) }, (_, index) => dayOf(start + index));
}

/** The period of equal length just before `range` (for `compare=previous`). */
export function previousRange(range: DayRange): DayRange {
  return { from: shiftDay(range.from, -rangeDays(range)), to: shiftDay(range.from, -1) };
}

/** The weekday of a store day: Monday 1 … Sunday 7. */
export function weekdayOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Monday" for 1 … "Sunday" for 7. */
export const weekdayName = (weekday: number): string => WEEKDAYS[weekday - 1] ?? String(weekday);
