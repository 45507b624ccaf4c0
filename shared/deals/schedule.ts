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

/** A moment in the store's time: its calendar day, that day's weekday and the minute after midnight. */
export interface StoreMoment {
  date: string;
  weekday: number;
  minute: number;
}

/** One run of a schedule: the day it began and its hours (0 and 1440 all day). */
export interface ScheduleRun {
  date: string;
  start: number;
  end: number;
}

/**
 * The last run of a schedule with an end date when none is left from `now` on (one running now, or
 * later, is left): the day it began and its hours, run or not (a deal added after it). Null while a
 * run is left, for a schedule with no end date, or one that never runs (deal-checks refuses it).
 */
export function lastRunBefore(schedule: DealSchedule, now: StoreMoment): ScheduleRun | null {
  const { endDate } = schedule;
  if (endDate === null) return null;
  const { start, end } = hoursOf(schedule);
  const runs = (date: string) => start !== end && runsOnDay(schedule, date, weekdayOf(date));
  // A run that began on `date` ends that day, or the next one (hours across midnight).
  const over = (date: string) => {
    const lasts = daysBetween(now.date, date) * DAY_MINUTES + (end <= start ? end + DAY_MINUTES : end);
    return lasts <= now.minute;
  };
  // From the day before (its hours may run past midnight) or the first day; runs repeat weekly, so a
  // week and a day tell whether any is left, as a week before the end says which was the last.
  const yesterday = shiftDay(now.date, -1);
  const from = schedule.startDate !== null && schedule.startDate > yesterday ? schedule.startDate : yesterday;
  const ahead = Math.min(daysBetween(from, endDate), 8);
  for (let offset = 0; offset <= ahead; offset += 1) {
    const date = shiftDay(from, offset);
    if (runs(date) && !over(date)) return null;
  }
  for (let offset = 0; offset <= 7; offset += 1) {
    const date = shiftDay(endDate, -offset);
    if (schedule.startDate !== null && date < schedule.startDate) break;
    if (runs(date)) return { date, start, end };
  }
  return null;
}
