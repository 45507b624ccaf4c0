import { sql, type RawBuilder } from 'kysely';
import { daysOf, type DayRange } from '../../../shared/reports/report-range.js';
import { nextDay, startOfZonedDay } from '../../../shared/zoned-day.js';

/** A range's store days and the instants they begin at (ISO), the day after the last's included. */
export interface StoreDays {
  days: string[];
  /** `starts[k]` begins `days[k]`; the last ends the range. */
  starts: string[];
}

/** The store days of `range` in `timeZone`, with the instant each begins (daylight-saving aware). */
export function storeDays(range: DayRange, timeZone: string): StoreDays {
  const days = daysOf(range);
  const starts = [...days, nextDay(range.to)].map((day) => startOfZonedDay(day, timeZone).toISOString());
  return { days, starts };
}

/** The store day of instant `at` (ISO, within the range): the last day begun at or before it. */
export function dayAt({ days, starts }: StoreDays, at: string): string {
  let low = 0;
  let high = days.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= at) low = middle;
    else high = middle - 1;
  }
  return days[low]!;
}

/**
 * An SQL group key that, with the UTC date of `column` (`substr(column, 1, 10)`), never puts two
 * store days in one group, written only with `substr`, comparisons and CASE (both engines): between
 * two clock changes every store day begins at one UTC time of day, so a UTC date is cut in two at
 * that time, and the key also tells the stretches between clock changes apart. A group's store day
 * is then `dayAt` of any of its instants. Instants are ISO text (`…THH:MM:SS.sssZ`), as stored.
 */
export function dayKey({ starts }: StoreDays, column: RawBuilder<unknown>): RawBuilder<number> {
  const stretches: { from: string; timeOfDay: string }[] = [];
  for (const start of starts.slice(0, -1)) {
    const timeOfDay = start.slice(11);
    if (stretches.at(-1)?.timeOfDay !== timeOfDay) stretches.push({ from: start, timeOfDay });
  }
  const half = (timeOfDay: string, base: number) =>
    sql`(CASE WHEN substr(${column}, ${sql.lit(12)}) >= ${timeOfDay} THEN ${sql.lit(base + 1)} ELSE ${sql.lit(base)} END)`;
  if (stretches.length === 1) return sql<number>`${half(stretches[0]!.timeOfDay, 0)}`;
  const cases = stretches
    .slice(0, -1)
    .map(
      (stretch, index) =>
        sql`WHEN ${column} < ${stretches[index + 1]!.from} THEN ${half(stretch.timeOfDay, index * 2)}`,
    );
  const last = stretches.at(-1)!;
  return sql<number>`(CASE ${sql.join(cases, sql` `)} ELSE ${half(last.timeOfDay, (stretches.length - 1) * 2)} END)`;
}
