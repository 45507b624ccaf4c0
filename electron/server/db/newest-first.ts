import type { SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.js';

/** A page of a list shown newest first: the creation window, the cursor and the page size. */
export interface NewestFirstPage {
  /** ISO instants: created at or after `createdFrom`, before `createdBefore`. */
  createdFrom?: string;
  createdBefore?: string;
  /** The last row of the previous page: this page continues after it. */
  after?: { createdAt: string; id: string };
  limit: number;
}

/** The tables listed this way: each has `created_at` (ISO text) and a unique `id`. */
type Listed = 'orders' | 'payments';

/**
 * Narrows `select` to one page, newest first and ties broken by id, so a cursor of
 * (created_at, id) continues exactly where the previous page ended (keyset paging: the same cost
 * for page 1 and page 1,000).
 */
export function newestFirst<T extends Listed, O>(
  select: SelectQueryBuilder<Database, T, O>,
  page: NewestFirstPage,
): SelectQueryBuilder<Database, T, O> {
  // One table at a time; its two columns typed the same in both.
  let paged = select as unknown as SelectQueryBuilder<Database, 'orders', O>;
  if (page.createdFrom) paged = paged.where('created_at', '>=', page.createdFrom);
  if (page.createdBefore) paged = paged.where('created_at', '<', page.createdBefore);
  const after = page.after;
  if (after) {
    paged = paged.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return paged.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit) as unknown as SelectQueryBuilder<
    Database,
    T,
    O
  >;
}
