/**
 * When a deal runs (deal.ts `DealSchedule`), read in the store's own time: calendar days as
 * `YYYY-MM-DD` and minutes after midnight, never instants, so the answer is the same on the
 * service, a register and a screen whatever their clocks' zones.
 */
import { shiftDay } from '../zoned-day.js';
import type { DealSchedule } from './deal.js';

/** Minutes in a day: the latest `endMinute` (until midnight). */
export const DAY_MINUTES = 1440;

const DAY_MS = 86_400_000;

function utcDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!);
}

/** The weekday of a calendar day: 0 Sunday … 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(utcDay(date)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcDay(to) - utcDay(from)) / DAY_MS);
}

/** The schedule's hours as a start and an end (0 and 1440 when it runs all day). */
export function hoursOf(schedule: DealSchedule): { start: number; end: number } {
  return { start: schedule.startMinute ?? 0, end: schedule.endMinute ?? DAY_MINUTES };
}

/** True when the schedule runs hours that end after midnight (22:00–02:00). */
export function acrossMidnight(schedule: DealSchedule): boolean {
  const { start, end } = hoursOf(schedule);
  return end < start;
}

/** True when a deal that began its hours on `date` (a `weekday`) may run that day: dates and weekdays. */
export function runsOnDay(schedule: DealSchedule, date: string, weekday: number): boolean {
  if (schedule.startDate !== null && date < schedule.startDate) return false;
  if (schedule.endDate !== null && date > schedule.endDate) return false;
  return schedule.weekdays.length === 0 || schedule.weekdays.includes(weekday);
}

/**
 * True when the schedule runs at `minute` of `date` (a `weekday`). Hours across midnight belong to
 * the day they began: a Friday 22:00–02:00 deal runs at 01:00 on Saturday, and not at 01:00 on
 * Friday. Equal start and end minutes never run (deal-checks refuses them).
 */
export function runsAt(schedule: DealSchedule, date: string, weekday: number, minute: number): boolean {
  const { start, end } = hoursOf(schedule);
  if (start === end) return false;
  if (start < end) return minute >= start && minute < end && runsOnDay(schedule, date, weekday);
  if (minute >= start) return runsOnDay(schedule, date, weekday);
  return minute < end && runsOnDay(schedule, shiftDay(date, -1), (weekday + 6) % 7);
}
