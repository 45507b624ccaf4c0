/**
 * Calendar days in a store's time zone (IANA name), whatever the computer's own zone: the back office
 * filters and totals by the store's day, as the service's daily summary does.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The `YYYY-MM-DD` date of `at` in `timeZone`. */
export function zonedDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `utcMs`, in ms. */
function offsetAt(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  })
    .formatToParts(new Date(utcMs))
    .reduce<Record<string, number>>((all, part) => ({ ...all, [part.type]: Number(part.value) }), {});
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(utcMs / 1000) * 1000;
}

/** The instant the day `YYYY-MM-DD` (+ `plusDays`) starts in `timeZone`. */
function midnight(day: string, timeZone: string, plusDays = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date + plusDays);
  // Two steps settle the offset, also on the days the clocks change.
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** The day `YYYY-MM-DD` in `timeZone` as ISO instants: from its midnight to the next one. */
export function zonedDayRange(day: string, timeZone: string): { from: string; to: string } {
  return {
    from: new Date(midnight(day, timeZone)).toISOString(),
    to: new Date(midnight(day, timeZone, 1)).toISOString(),
  };
}

/** The day before `day` (`YYYY-MM-DD`). */
export function previousDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const before = new Date(Date.UTC(year, month - 1, date - 1));
  return `${before.getUTCFullYear()}-${pad(before.getUTCMonth() + 1)}-${pad(before.getUTCDate())}`;
}
