import { zonedDate } from '../../../shared/zoned-day.js';

/** The demo store's time zone (Green Valley Dispensary, Sacramento): its days are the lists' days. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** `YYYY-MM-DD` of the demo store's day at `now`. */
export function storeDay(now = new Date()): string {
  return zonedDate(now, DEMO_TIME_ZONE);
}

/**
 * The demo store's days from `began` (taken before a test on the wall clock made what it lists) to
 * now: one, or two once the store's midnight passed meanwhile, so such a test reads both days' lists
 * rather than miss what it made just before midnight.
 */
export function storeDaysSince(began: string): string[] {
  const today = storeDay();
  return today === began ? [began] : [began, today];
}
