import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** Staff users' display names as they are now, by user id: what people read where a record keeps a username. */
export type StaffNames = ReadonlyMap<string, string>;

/**
 * The display names of the staff users `ids` names (nulls and ids of no user now left out: the
 * operator, a user removed), in one query; the Adjustments tab's `byName`, for every other record.
 */
export async function staffNames(db: DataLayer, q: Queryable, ids: readonly (string | null)[]): Promise<StaffNames> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await q.all(
    db.builder.selectFrom('users').select(['id', 'display_name as displayName']).where('id', 'in', wanted),
  );
  return new Map(rows.map((row) => [row.id, row.displayName]));
}
