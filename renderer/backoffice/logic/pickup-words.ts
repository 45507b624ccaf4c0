import type { ReadyOrder } from '../../../shared/contracts/unclaimed';
import type { Tone } from '../../../shared/labels';
import { storeDayTime } from '../../../shared/store-time';

/** An order ready over a day, in the manager's words: how it is paid and what happens to it next. */

/** "Paid", "Not paid", "ACH authorized": how the money stands. */
export function paidWords(order: Pick<ReadyOrder, 'paymentStatus'>): { label: string; tone: Tone } {
  if (order.paymentStatus === 'PAID') return { label: 'Paid', tone: 'good' };
  if (order.paymentStatus === 'AUTHORIZED') return { label: 'ACH authorized', tone: 'info' };
  return { label: 'Not paid', tone: 'waiting' };
}

/**
 * What the store's hold does with it, at the store's times: an unpaid order is canceled when the
 * hold ends; a paid one is never canceled by itself, and past its hold it waits for the manager.
 */
export function nextWords(order: ReadyOrder, holdHours: number, timeZone: string, now = new Date()): string {
  const ends = storeDayTime(order.holdEndsAt, timeZone, now);
  if (order.paymentStatus !== 'PAID') {
    const voided = order.paymentStatus === 'AUTHORIZED' ? ', its ACH authorization voided' : '';
    return `Canceled ${ends} unless picked up; its items go back on the shelf${voided}.`;
  }
  if (order.pastHold) return `Past the ${holdHours}-hour hold since ${ends}: hand it over, or refund and cancel it.`;
  return `Paid, so it is kept past the hold (${ends}): if it is not picked up, you decide.`;
}

/** "Ready 1 day 3 hours", "Ready 2 days": how long it has waited, in whole hours. */
export function waitedWords(readySince: string, now = new Date()): string {
  const hours = Math.max(0, Math.floor((now.getTime() - Date.parse(readySince)) / 3_600_000));
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  return rest === 0 ? unit(days, 'day') : `${unit(days, 'day')} ${unit(rest, 'hour')}`;
}
