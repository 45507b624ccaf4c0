import type { OrderStatus } from '../../../shared/order-status';
import { zonedDate, zonedDayRange } from '../../../shared/zoned-day';

/** This computer's time zone: the default until the store's is known. */
export const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A `YYYY-MM-DD` day in `timeZone`, from its midnight to the next, as ISO instants. */
export function dayRange(day: string, timeZone = localZone()): { from: string; to: string } {
  return zonedDayRange(day, timeZone);
}

/** Today as `YYYY-MM-DD` in `timeZone`. */
export function today(now = new Date(), timeZone = localZone()): string {
  return zonedDate(now, timeZone);
}

/** The orders screen's filters: a status ('' for any) and a day ('' for any) of the store's time zone. */
export interface OrderFilters {
  status: OrderStatus | '';
  day: string;
  timeZone: string;
}

/** The list's query for `limit` orders of `filters`, from `cursor` (null: the first page). */
export function listParams(filters: OrderFilters, cursor: string | null, limit: number): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.status) params.set('status', filters.status);
  if (filters.day) {
    const { from, to } = dayRange(filters.day, filters.timeZone);
    params.set('from', from);
    params.set('to', to);
  }
  if (cursor) params.set('cursor', cursor);
  return params;
}
