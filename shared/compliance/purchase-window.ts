import { zonedDate, zonedDayRange } from '../zoned-day.js';
import type { IsoDate } from './calendar.js';
import type { CustomerRules } from './profiles/schema.js';

/**
 * Which past purchases count toward today's limits. A daily limit runs over the store's calendar day
 * in its time zone (midnight to midnight, 23 or 25 hours on the days the clocks change), whatever
 * the zone of the computer or the register that sold them; a per-sale limit counts no past purchase.
 * The caller computes the store's today: `zonedDate(new Date(), store.timezone)`.
 */

/** The instants between which purchases count (ISO, `from` included, `to` not), or null for none. */
export function limitWindow(
  period: CustomerRules['period'],
  today: IsoDate,
  timeZone: string,
): { from: string; to: string } | null {
  return period === 'day' ? zonedDayRange(today, timeZone) : null;
}

/** Whether a purchase made at `purchasedAt` (an ISO instant) counts toward today's limits. */
export function countsToward(
  period: CustomerRules['period'],
  purchasedAt: string,
  today: IsoDate,
  timeZone: string,
): boolean {
  const at = new Date(purchasedAt);
  if (Number.isNaN(at.getTime())) throw new RangeError(`"${purchasedAt}" is not an instant`);
  return period === 'day' && zonedDate(at, timeZone) === today;
}

/** The purchases (anything with `at`, an ISO instant) that count toward today's limits. */
export function purchasesCounted<T extends { at: string }>(
  purchases: readonly T[],
  period: CustomerRules['period'],
  today: IsoDate,
  timeZone: string,
): T[] {
  return purchases.filter((purchase) => countsToward(period, purchase.at, today, timeZone));
}
