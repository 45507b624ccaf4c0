export { storeDay, storeDaysSince } from '../../support/store-days.js';

/** Matches a text that is one of `texts`, whitespace around it aside (as `toHaveText` reads a string). */
export function oneOf(texts: readonly string[]): RegExp {
  return new RegExp(`^\\s*(?:${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s*$`);
}
