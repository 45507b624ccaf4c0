import { sql, type SelectQueryBuilder } from 'kysely';
import { invalidInput } from '../../../shared/errors.js';
import { issueCursor, notIssued, readCursor, type PagedList } from './list-cursor.js';
import type { Database } from './schema.js';

/** Where the previous page ended: its last row's time and id. */
export interface PageKey {
  at: string;
  id: string;
}

/**
 * Narrows `select` to one page, newest first by the `time` column with ties broken by the `id`
 * column, continuing after `after` (keyset paging: page 1,000 costs what page 1 does). Every list
 * shown newest first pages this way: orders, payments, webhook deliveries, drawer shifts.
 */
export function pageNewestFirst<DB, TB extends keyof DB, O>(
  select: SelectQueryBuilder<DB, TB, O>,
  columns: { time: string; id: string },
  after: PageKey | undefined,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const time = sql.ref(columns.time);
  const id = sql.ref(columns.id);
  const paged = after
    ? select.where(sql<boolean>`(${time} < ${after.at} or (${time} = ${after.at} and ${id} < ${after.id}))`)
    : select;
  return paged.orderBy(time, 'desc').orderBy(id, 'desc').limit(limit);
}

/** A page of a list shown newest first: the creation window, the cursor and the page size. */
export interface NewestFirstPage {
  /** ISO instants: created at or after `createdFrom`, before `createdBefore`. */
  createdFrom?: string;
  createdBefore?: string;
  /** The last row of the previous page: this page continues after it. */
  after?: { createdAt: string; id: string };
  limit: number;
}

/**
 * The creation window of a list's `from` and `to` (ISO instants as sent): created at or after `from`,
 * before `to`. A window that ends where or before it starts holds nothing, so it is refused in words
 * rather than answered with an empty page that looks like "none yet".
 */
export function creationWindow(from?: string, to?: string): Pick<NewestFirstPage, 'createdFrom' | 'createdBefore'> {
  const createdFrom = from === undefined ? undefined : new Date(from).toISOString();
  const createdBefore = to === undefined ? undefined : new Date(to).toISOString();
  if (createdFrom !== undefined && createdBefore !== undefined && createdBefore <= createdFrom) {
    const rule = `must be later than from (${from}): the list holds what was made at or after from and before to`;
    throw invalidInput('to', `in the query ${rule}`);
  }
  return { createdFrom, createdBefore };
}

/** The tables listed this way: each has `created_at` (ISO text) and a unique `id`. */
type Listed = 'orders' | 'payments';

/** One page of orders or payments, newest first by (created_at, id), within the creation window. */
export function newestFirst<T extends Listed, O>(
  select: SelectQueryBuilder<Database, T, O>,
  page: NewestFirstPage,
): SelectQueryBuilder<Database, T, O> {
  // One table at a time; its two columns typed the same in both.
  let paged = select as unknown as SelectQueryBuilder<Database, 'orders', O>;
  if (page.createdFrom) paged = paged.where('created_at', '>=', page.createdFrom);
  if (page.createdBefore) paged = paged.where('created_at', '<', page.createdBefore);
  const after = page.after && { at: page.after.createdAt, id: page.after.id };
  return pageNewestFirst(paged, { time: 'created_at', id: 'id' }, after, page.limit) as unknown as SelectQueryBuilder<
    Database,
    T,
    O
  >;
}

/**
 * An opaque paging cursor for the API: where the last row shown was, in (createdAt, id) order, bound
 * to its list and the list's filters (list-cursor.ts).
 */
export function encodeCursor(list: PagedList, createdAt: string, id: string): string {
  return issueCursor(list, [createdAt, id]);
}

/**
 * The place an `encodeCursor` cursor names, when it was issued for `list` with the same filters;
 * refuses in words one of other filters, of an earlier version, or one this service did not issue.
 */
export function decodeCursor(list: PagedList, cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = readCursor(list, cursor, 2) as [string, string];
  if (Number.isNaN(Date.parse(createdAt))) {
    throw notIssued(list.field);
  }
  return { createdAt, id };
}
