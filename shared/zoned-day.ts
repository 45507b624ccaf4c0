import { invalidInput } from './errors.js';

/**
 * Calendar days in a store's time zone (IANA name), whatever the computer's own zone: the service's
 * reports, shifts and records and the back office's filters all count by the store's day.
 */

/** Wall-clock parts of an instant in a time zone. */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building an `Intl.DateTimeFormat` costs far more than using one. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall-clock date and time at `at` in `timeZone`. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(at)) parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The `YYYY-MM-DD` date of `at` in `timeZone`. */
export function zonedDate(at: Date, timeZone: string): string {
  const { year, month, day } = zonedParts(at, timeZone);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The instant the day `YYYY-MM-DD` begins in `timeZone` (daylight-saving aware). */
export function startOfZonedDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(year, month - 1, date);
  let guess = target;
  // Two rounds settle the zone's offset, also on the days the clocks change.
  for (let round = 0; round < 2; round += 1) {
    const seen = zonedParts(new Date(guess), timeZone);
    guess += target - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second);
  }
  return new Date(guess);
}

/** The day `YYYY-MM-DD` in `timeZone` as ISO instants: from its midnight to the next one. */
export function zonedDayRange(day: string, timeZone: string): { from: string; to: string } {
  return {
    from: startOfZonedDay(day, timeZone).toISOString(),
    to: startOfZonedDay(nextDay(day), timeZone).toISOString(),
  };
}

/** The day `days` after `day` (`YYYY-MM-DD`; negative: before). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The day after `day` (`YYYY-MM-DD`). */
export const nextDay = (day: string): string => shiftDay(day, 1);

/** The day before `day` (`YYYY-MM-DD`). */
export const previousDay = (day: string): string => shiftDay(day, -1);

/**
 * A store's day (`date`, default the one it is at `now`) as the instants it runs between: `from`
 * inclusive, `to` exclusive (ISO). Refuses a `date` that is not a real date (2026-02-30).
 */
export function storeDay(
  date: string | undefined,
  timeZone: string,
  now: Date,
): { day: string; from: string; to: string } {
  const day = date ?? zonedDate(now, timeZone);
  const parsed = new Date(`${day}T00:00:00Z`);
  // Date rolls 2026-02-30 over to March: a real date survives the round trip unchanged.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw invalidInput('date', 'must be a real date (YYYY-MM-DD)');
  }
  return { day, ...zonedDayRange(day, timeZone) };
}
