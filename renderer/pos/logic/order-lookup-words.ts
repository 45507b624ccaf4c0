import type { OrderLookup } from '../../../shared/contracts/pickup';
import { storeDate, storeTime, zoneName } from '../../../shared/store-time';
import { previousDay, zonedDate } from '../../../shared/zoned-day';

const NO_BREAK = '\u00a0';

/** Words a cashier may type that could be an order's number (6 letters and digits): asked of the service by number. */
export function mayBeOrderNumber(words: string): boolean {
  return /^[A-Za-z0-9]{6}$/.test(words.trim());
}

/** "today at 7:40 AM PST", "yesterday at …" or "on Mar 4 at …": a moment in the store's time, in a sentence. */
export function whenWords(at: string, timeZone: string, now: Date): string {
  const day = zonedDate(new Date(at), timeZone);
  const today = zonedDate(now, timeZone);
  const named =
    day === today ? 'today' : day === previousDay(today) ? 'yesterday' : `on ${storeDate(at, timeZone, now)}`;
  return `${named} at ${storeTime(at, timeZone)}${NO_BREAK}${zoneName(timeZone, at)}`;
}

/**
 * Why an order found by its number is not in the queue of open online orders, in words (null: it is
 * an open online order, which the queue lists once read again).
 */
export function notQueuedWords(found: OrderLookup, timeZone: string, now: Date): string | null {
  const order = `Order ${found.orderNumber}`;
  if (found.source !== 'online') {
    // Not handed over yet: it is not paid in full, and Today's orders takes its rest.
    const open = found.fulfillmentStatus !== 'COMPLETED' && found.fulfillmentStatus !== 'CANCELED';
    const rest = open ? ' Its rest is taken from Today’s orders (Take the rest).' : '';
    return `${order} is a sale rung up at a register, not an online order.${rest}`;
  }
  const when = found.closedAt ? ` ${whenWords(found.closedAt, timeZone, now)}` : '';
  if (found.fulfillmentStatus === 'COMPLETED') return `${order} was picked up${when}.`;
  if (found.fulfillmentStatus === 'CANCELED') return `${order} was canceled${when}.`;
  return null;
}
