import { zonedDate } from '../../../shared/zoned-day.js';

/** The demo store's time zone (Green Valley Dispensary, Sacramento): the days its screens say. */
export const DEMO_TIME_ZONE = 'America/Los_Angeles';

/** `YYYY-MM-DD` of the demo store's day at `now`. */
export function storeDay(now = new Date()): string {
  return zonedDate(now, DEMO_TIME_ZONE);
}

/**
 * The demo store's days from `began` (taken before the journey made what a screen dates) to now: one,
 * or two when the store's midnight passed meanwhile, so a journey run across it expects either day.
 */
export function storeDaysSince(began: string): string[] {
  const today = storeDay();
  return today === began ? [began] : [began, today];
}

/** Matches a text that is one of `texts`, whitespace around it aside (as `toHaveText` reads a string). */
export function oneOf(texts: readonly string[]): RegExp {
  return new RegExp(`^\\s*(?:${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*$`);
}
