import type { LeftOutStore } from '../contracts/reports.js';

/**
 * The stores an inventory value leaves out of its day or of the day it is compared with, in words
 * (README "Reports"): their records start after it, so their stock then is not known. The Reports
 * screen and the CLI say the same.
 */

/** A store left out: its name and the first day of its records (the store's own calendar day). */
export type LeftOut = Pick<LeftOutStore, 'dispensaryName' | 'firstDay'>;

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** "Mar 3, 2026" ("Mar 3" without the year): a store day, a calendar date of the store's (no zone to convert). */
export function storeDayWords(day: string, withYear = true): string {
  return (withYear ? LONG : SHORT).format(new Date(`${day}T12:00:00Z`));
}

/** "A", "A and B", "A, B and C". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}

const named = (stores: readonly LeftOut[]) =>
  listed(stores.map((store) => `${store.dispensaryName} (its records start on ${storeDayWords(store.firstDay)})`));

/** "Left out: North Store (its records start on Mar 3, 2026)."; '' when no store is. */
export function leftOutWords(stores: readonly LeftOut[]): string {
  return stores.length === 0 ? '' : `Left out: ${named(stores)}.`;
}

/**
 * "Left out of the comparison with Mar 2, and so of the change: North Store (its records start on Mar 3,
 * 2026)."; '' when no store is. `previousDay` is the day compared with: the change is of the stores it has
 * (`comparableTotal` against `previousTotal`), never a left-out store's whole stock counted as growth.
 */
export function previousLeftOutWords(stores: readonly LeftOut[], previousDay: string): string {
  if (stores.length === 0) return '';
  const otherYear = stores.some((store) => store.firstDay.slice(0, 4) !== previousDay.slice(0, 4));
  return `Left out of the comparison with ${storeDayWords(previousDay, otherYear)}, and so of the change: ${named(stores)}.`;
}

/**
 * One store's comparison not made, the day before its records: "No comparison: the store’s records
 * start on Oct 31, 2026, so its stock at the end of Oct 30 is not known."
 */
export function noComparisonWords(firstDay: string, previousDay: string): string {
  return (
    `No comparison: the store’s records start on ${storeDayWords(firstDay)}, ` +
    `so its stock at the end of ${storeDayWords(previousDay, firstDay.slice(0, 4) !== previousDay.slice(0, 4))} is not known.`
  );
}
