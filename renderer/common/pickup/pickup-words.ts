import type { QueueLine, QueueOrder } from '../../../shared/contracts/pickup';
import type { Tone } from '../../../shared/labels';
import type { OrderPaymentStatus } from '../../../shared/order-status';
import { storeDayTime, storeTime } from '../../../shared/store-time';
import { zonedDate } from '../../../shared/zoned-day';
import { centsOf, formatMoney } from '../format';
import type { QueueCount } from './pickup-queue';

/** A queued order in the cashier's words: how it is paid, when, who picks it, what to take. */

const PAYMENT: Record<OrderPaymentStatus, { label: string; tone: Tone }> = {
  UNPAID: { label: 'Not paid', tone: 'waiting' },
  AUTHORIZED: { label: 'Authorized', tone: 'info' },
  PAID: { label: 'Paid', tone: 'good' },
};

/** "Paid $29.07 of $29.58" for an order paid in part (cash, then a card declined), else as its status says. */
export function queuePaymentWords(order: Pick<QueueOrder, 'paymentStatus' | 'paid' | 'total'>): {
  label: string;
  tone: Tone;
} {
  const paid = centsOf(order.paid);
  if (order.paymentStatus !== 'UNPAID' || paid === 0) return paymentWords(order.paymentStatus);
  return { label: `Paid ${formatMoney(paid)} of ${formatMoney(centsOf(order.total))}`, tone: 'waiting' };
}

/** "Not paid", "Authorized" (an ACH authorization, not captured yet) or "Paid", with its tone. */
export function paymentWords(status: OrderPaymentStatus): { label: string; tone: Tone } {
  return PAYMENT[status];
}

/** "4:30 PM" today, else "Tomorrow, 10:00 AM" or "Mar 4, 9:05 AM": the store's clock. */
export function whenWords(at: string, timeZone: string, now: Date = new Date()): string {
  return zonedDate(new Date(at), timeZone) === zonedDate(now, timeZone)
    ? storeTime(at, timeZone)
    : storeDayTime(at, timeZone, now);
}

/** "Promised 4:30 PM", or that nothing was promised (a store with no hours to promise by). */
export function promisedWords(order: Pick<QueueOrder, 'promisedAt'>, timeZone: string, now?: Date): string {
  return order.promisedAt === null ? 'No time promised' : `Promised ${whenWords(order.promisedAt, timeZone, now)}`;
}

/** "Placed 3:10 PM". */
export function placedWords(order: Pick<QueueOrder, 'placedAt'>, timeZone: string, now?: Date): string {
  return `Placed ${whenWords(order.placedAt, timeZone, now)}`;
}

/** "2 ×" for counted items, "3.5 g" for a weighed (deli) line: how much to take. */
export function quantityWords(line: Pick<QueueLine, 'quantity' | 'unitType' | 'deli'>): string {
  return line.deli ? `${line.quantity}\u00a0${line.unitType}` : `${line.quantity}\u00a0×`;
}

/** "1 item", "3 items" (a weighed line counts as one). */
export function itemsWords(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** Who has it: "Picking: sam" while picked, "Picked by sam" once packed; nothing before it starts. */
export function pickerWords(order: Pick<QueueOrder, 'fulfillmentStatus' | 'picker'>): string | null {
  if (!order.picker) return null;
  if (order.fulfillmentStatus === 'IN_PROCESS') return `Picking: ${order.picker}`;
  if (order.fulfillmentStatus === 'PACKED_READY') return `Picked by ${order.picker}`;
  return null;
}

/** The tab badge's tooltip: "2 new, 1 being picked, 1 ready for pickup". */
export function queueWords(count: QueueCount): string {
  if (count.open === 0) return 'No online orders waiting';
  const picking = count.open - count.fresh - count.ready;
  return `${count.fresh} new, ${picking} being picked, ${count.ready} ready for pickup`;
}
