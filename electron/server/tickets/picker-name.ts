import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { staffNames } from '../auth/staff-names.js';
import type { Actor } from './ticket-draft.js';

/**
 * Who starts picking an order, as people read them everywhere else ("Casey Cashier"): a staff
 * user's display name, read from their user; a partner (or a user no longer there) by the name the
 * audit trail gives them. The audit trail keeps the login; the order keeps the name it shows.
 */
export async function pickerName(db: DataLayer, q: Queryable, actor: Actor): Promise<string> {
  const { who } = actor;
  if (who.kind !== 'staff' || who.id === null) return who.name;
  return (await staffNames(db, q, [who.id])).get(who.id) ?? who.name;
}
