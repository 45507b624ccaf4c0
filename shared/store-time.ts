/**
 * Every time shown to staff is the store's: its wall clock in its time zone (IANA name), whatever
 * the computer's own zone. One formatter for lists, details, receipts and reports; the zone is named
 * ("PST") where a time could be misread. Spaces inside a time never break ("3:37 PM" stays on one line).
 */
import { nextDay, previousDay, zonedDate } from './zoned-day.js';

const NO_BREAK = '\u00a0';
const LOCALE = 'en-US';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let cached = formats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formats.set(key, cached);
  }
  return cached;
}

/** Any run of spaces (including Intl's narrow no-break space) as one no-break space. */
const unbroken = (text: string) => text.replace(/[\s\u202f]+/g, NO_BREAK);

const toDate = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** "3:37 PM" in the store's zone. */
export function storeTime(at: Date | string, timeZone: string): string {
  return unbroken(format(timeZone, { hour: 'numeric', minute: '2-digit' }).format(toDate(at)));
}

/** The zone's short name at that instant: "PST", "PDT", or "GMT+1" where no abbreviation exists. */
export function zoneName(timeZone: string, at: Date | string = new Date()): string {
  const parts = format(timeZone, { timeZoneName: 'short' }).formatToParts(toDate(at));
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** "Mar 4" (with the year when it is not this year's, in the store's zone). */
export function storeDate(at: Date | string, timeZone: string, now: Date = new Date()): string {
  const date = toDate(at);
  const sameYear = zonedDate(date, timeZone).slice(0, 4) === zonedDate(now, timeZone).slice(0, 4);
  const options: Intl.DateTimeFormatOptions = sameYear
    ? { month: 'short', day: 'numeric' }
    : { month: 'short', day: 'numeric', year: 'numeric' };
  return unbroken(format(timeZone, options).format(date));
}

/**
 * "Today, 3:37 PM", "Yesterday, 9:05 AM" or "Mar 4, 3:37 PM": a moment in a list whose heading
 * names the zone.
 */
export function storeDayTime(at: Date | string, timeZone: string, now: Date = new Date()): string {
  const date = toDate(at);
  const day = zonedDate(date, timeZone);
  const today = zonedDate(now, timeZone);
  // By the calendar: 24 hours from the store's last hour can be two days away, or the same day, when the clocks change.
  const names: Record<string, string> = {
    [today]: 'Today',
    [nextDay(today)]: 'Tomorrow',
    [previousDay(today)]: 'Yesterday',
  };
  return `${names[day] ?? storeDate(date, timeZone, now)}, ${storeTime(date, timeZone)}`;
}

/**
 * "Today, 3:37 PM PST", "Yesterday, 9:05 AM PST" or "Mar 4, 3:37 PM PST": a moment named in full,
 * zone included, for details and receipts.
 */
export function storeDateTime(at: Date | string, timeZone: string, now: Date = new Date()): string {
  return `${storeDayTime(at, timeZone, now)}${NO_BREAK}${zoneName(timeZone, toDate(at))}`;
}

/** "Nov 23, 2026": the store's day of a moment, with its year, for what is kept for years. */
export function storeDay(at: Date | string, timeZone: string): string {
  return unbroken(format(timeZone, { month: 'short', day: 'numeric', year: 'numeric' }).format(toDate(at)));
}

/** "Nov 23, 2026, 10:00 AM PST": a moment in full, for a receipt kept for years. */
export function storeStamp(at: Date | string, timeZone: string): string {
  const date = toDate(at);
  return `${storeDay(date, timeZone)}, ${storeTime(date, timeZone)}${NO_BREAK}${zoneName(timeZone, date)}`;
}

/** "8 AM", "12 PM": an hour of the store's day (0–23) on a chart axis. */
export function hourLabel(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${NO_BREAK}${suffix}`;
}

/**
 * "3 PM–4 PM": an hour of the store's day (0–23) from its start to the next, as the reports' tables,
 * CSV files and charts name it (a chart's axis says its start alone, `hourLabel`).
 */
export const hourSpan = (hour: number): string => `${hourLabel(hour)}–${hourLabel((hour + 1) % 24)}`;
