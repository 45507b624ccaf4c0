import type { IsoDate } from '../compliance/calendar.js';
import { EXPIRY_MONTHS_MAX } from '../contracts/loyalty.js';
import { nextDay, startOfZonedDay, zonedDate } from '../zoned-day.js';

/**
 * Points expiring (README "Loyalty"): with a programme's `expiryMonths` set, a customer's whole balance
 * expires `expiryMonths` months after their last visit, counted in the store's days: points last used
 * or earned on 3 Jan 2026 expire on 3 Jan 2027 with 12 months (the rule Square and most dispensary
 * programmes use). A month later than the last day of a shorter month is its last day (31 Jan + 1
 * month: 28 or 29 Feb). Pure, so the service, the POS and the back office say the same date.
 */

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `day` moved by `months` (negative: back), on the month's last day where the month is shorter. */
export function addMonths(day: IsoDate, months: number): IsoDate {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = (index % 12) + 1;
  const toDate = Math.min(date, daysIn(toYear, toMonth));
  return `${String(toYear).padStart(4, '0')}-${String(toMonth).padStart(2, '0')}-${String(toDate).padStart(2, '0')}`;
}

/** Why `expiryMonths` cannot be saved, in words, or null when it can. */
export function expiryMonthsProblem(expiryMonths: number | undefined): string | null {
  if (expiryMonths === undefined) return null;
  if (!Number.isInteger(expiryMonths) || expiryMonths < 0 || expiryMonths > EXPIRY_MONTHS_MAX) {
    return `must be a whole number of months from 1 to ${EXPIRY_MONTHS_MAX}, or 0 for points that never expire`;
  }
  return null;
}

/** True when the programme lets points expire (`expiryMonths` set and above 0). */
export const expires = (expiryMonths: number | undefined): expiryMonths is number => (expiryMonths ?? 0) > 0;

/**
 * The store's date a balance whose last visit was at `lastVisit` expires on (from that day's
 * beginning), or null when points never expire.
 */
export function expiryDate(
  lastVisit: Date | string,
  expiryMonths: number | undefined,
  timeZone: string,
): IsoDate | null {
  if (!expires(expiryMonths)) return null;
  const at = typeof lastVisit === 'string' ? new Date(lastVisit) : lastVisit;
  return addMonths(zonedDate(at, timeZone), expiryMonths);
}

/**
 * The first store day whose visits have not yet expired at `now`: a visit before it (its balance's
 * expiry date today or earlier) has. Found from the same day `expiryMonths` back, moved on past the
 * days whose expiry a shorter month brought to today or before (on 31 Mar, 28 Feb's).
 */
export function firstKeptDay(now: Date, expiryMonths: number, timeZone: string): IsoDate {
  const today = zonedDate(now, timeZone);
  let day = addMonths(today, -expiryMonths);
  while (addMonths(day, expiryMonths) <= today) day = nextDay(day);
  return day;
}

/** The instant (ISO) before which a last visit has expired at `now`: the store's midnight of `firstKeptDay`. */
export function expiryCutoff(now: Date, expiryMonths: number, timeZone: string): string {
  return startOfZonedDay(firstKeptDay(now, expiryMonths, timeZone), timeZone).toISOString();
}

/** "Points expired after 12 months without a visit": the note of an `expired` entry. */
export const expiredNote = (expiryMonths: number): string =>
  `Points expired after ${expiryMonths} month${expiryMonths === 1 ? '' : 's'} without a visit`;

/** The expiry rule in a sentence, for the programme's words (the command line, the back office). */
export function expiryWords(expiryMonths: number | undefined): string {
  if (!expires(expiryMonths)) return 'Points never expire.';
  const months = `${expiryMonths} month${expiryMonths === 1 ? '' : 's'}`;
  return (
    `Points expire ${months} after the customer's last visit (the last sale that earned or spent points, ` +
    'or refund that gave points back), the whole balance at once.'
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "expires Jan 3, 2027": when a balance expires unless the customer visits first (a store's date). */
export function expiresWords(expiresAt: IsoDate): string {
  const [year, month, day] = expiresAt.split('-').map(Number) as [number, number, number];
  return `expires ${MONTHS[month - 1]} ${day}, ${year}`;
}
