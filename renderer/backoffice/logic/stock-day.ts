import type { ChainInventoryValueReport } from '../../../shared/contracts/reports';
import type { FailureDetails } from '../../../shared/errors';
import { leftOutWords, previousLeftOutWords } from '../../../shared/reports/left-out-words';
import { dayNumber, shiftDay, weekdayOf } from '../../../shared/reports/report-range';
import { zonedDate } from '../../../shared/zoned-day';
import { dayWords } from './report-range';

/**
 * The day of a report of the stock at a day's end (inventory value, README "Reports"): presets that
 * name a day, not a range, counted on the store's calendar; a day typed is checked before it is asked
 * for, and the service's refusal of one (before the store's records) said in the screen's words.
 */

/** What the day control offers: today's stock so far, or the end of a day gone by. */
export const DAY_PRESETS = [
  { id: 'today', label: 'Today so far' },
  { id: 'end-of-yesterday', label: 'End of yesterday' },
  { id: 'end-of-last-week', label: 'End of last week' },
  { id: 'end-of-last-month', label: 'End of last month' },
  { id: 'custom', label: 'Another day' },
] as const;
export type DayPreset = (typeof DAY_PRESETS)[number]['id'];

/** The store day a preset names at `now`, on the calendar of `timeZone` (the store's). */
export function presetDay(preset: Exclude<DayPreset, 'custom'>, now: Date, timeZone: string): string {
  const today = zonedDate(now, timeZone);
  switch (preset) {
    case 'today':
      return today;
    case 'end-of-yesterday':
      return shiftDay(today, -1);
    case 'end-of-last-week':
      // The Sunday before this week's Monday (a store's week starts on Monday, as the weekday report counts).
      return shiftDay(today, -weekdayOf(today));
    case 'end-of-last-month':
      return shiftDay(`${today.slice(0, 8)}01`, -1);
  }
}

/** A day after `today`, refused (with its year when another year's). */
const notYet = (day: string, today: string) =>
  `The end of ${dayWords(day, day.slice(0, 4) !== today.slice(0, 4))} has not come yet: choose “Today so far” or an earlier day.`;

/** What is wrong with a typed day, in words; '' when its stock can be asked for. `today` is the store's. */
export function dayProblem(day: string, today: string): string {
  if (Number.isNaN(dayNumber(day))) return 'Enter the day whose stock to show.';
  return day > today ? notYet(day, today) : '';
}

/**
 * The service's refusal of the day in the screen's words, from its figures (`firstDay`, `lastDay`);
 * '' when it names neither. `chain`: asked for every store, whose records start on their own days.
 */
export function dayRefusal(day: string, details: FailureDetails | undefined, chain: boolean): string {
  if (details?.lastDay) return notYet(day, details.lastDay);
  if (!details?.firstDay) return '';
  const first = dayWords(details.firstDay, true);
  // Across stores the day is refused only before every store's records: `firstDay` is the earliest.
  return chain
    ? `The stores’ records start on ${first} at the earliest: choose that day or a later one.`
    : `The store’s records start on ${first}: choose that day or a later one.`;
}

/**
 * What an answer of the stock at a day's end across stores leaves out, in words (README "Reports"):
 * the stores whose records start after its day, and after the day it is compared with (the screen
 * does not compare the stock, the service's answer may).
 */
export function leftOutNotes(
  answer: Pick<ChainInventoryValueReport, 'leftOut' | 'previousLeftOut' | 'from'>,
): string[] {
  const notes = [leftOutWords(answer.leftOut), previousLeftOutWords(answer.previousLeftOut, shiftDay(answer.from, -1))];
  return notes.filter((note) => note !== '');
}

/**
 * When the stock shown is of, for the heading ("Stock at the end of Nov 30", "Stock so far today
 * (Dec 6)") and inside a sentence ("at the end of Nov 30", "so far today (Dec 6)"): a day read before
 * its end (the answer's `asOf` on that day in the store's zone) is its stock so far.
 */
export function stockWhen(day: string, asOf: string, timeZone: string): { heading: string; phrase: string } {
  const phrase =
    zonedDate(new Date(asOf), timeZone) <= day ? `so far today (${dayWords(day)})` : `at the end of ${dayWords(day)}`;
  return { heading: `Stock ${phrase}`, phrase };
}
