import { DEMO_DISPENSARY } from '../../electron/server/demo/demo-catalog.js';
import { zonedDate } from '../../shared/zoned-day.js';

/** The demo store's time zone (Green Valley Dispensary, Sacramento): the days its lists and screens say. */
const DEMO_TIME_ZONE = DEMO_DISPENSARY.timezone;

/** `YYYY-MM-DD` of the demo store's day at `now`. */
export function storeDay(now = new Date()): string {
  return zonedDate(now, DEMO_TIME_ZONE);
}

/**
 * The demo store's days from `began` (taken before a test on the wall clock made what it lists or
 * shows) to now: one, or two once the store's midnight passed meanwhile, so such a test reads both
 * days rather than miss what it made just before midnight.
 */
export function storeDaysSince(began: string): string[] {
  const today = storeDay();
  return today === began ? [began] : [began, today];
}
