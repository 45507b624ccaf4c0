import { invalidInput } from '../../../../shared/errors.js';

/** Wall-clock parts of an instant in a time zone. */
interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

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
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall-clock date and time at `instant` in `timeZone`. */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** `YYYY-MM-DD` of the local date at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The instant the local date `YYYY-MM-DD` begins in `timeZone` (daylight-saving aware). */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = Date.UTC(year, month - 1, day);
  let guess = target;
  // Two rounds settle the zone's offset, also on the days the clocks change.
  for (let round = 0; round < 2; round += 1) {
    const seen = localParts(new Date(guess), timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += target - seenAsUtc;
  }
  return new Date(guess);
}

/** The local date after `date` (`YYYY-MM-DD`). */
export function nextDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * A store's local day (`date`, default the one it is at `now`) as the instants it runs between:
 * `from` inclusive, `to` exclusive (ISO). Refuses a `date` that is not a real date (2026-02-30).
 */
export function storeDay(
  date: string | undefined,
  timeZone: string,
  now: Date,
): { day: string; from: string; to: string } {
  const day = date ?? localDate(now, timeZone);
  const parsed = new Date(`${day}T00:00:00Z`);
  // Date rolls 2026-02-30 over to March: a real date survives the round trip unchanged.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw invalidInput('date', 'must be a real date (YYYY-MM-DD)');
  }
  return {
    day,
    from: startOfLocalDay(day, timeZone).toISOString(),
    to: startOfLocalDay(nextDate(day), timeZone).toISOString(),
  };
}
