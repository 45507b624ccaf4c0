import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import { formatDecimal } from '../../../shared/money.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';
import { FORWARD_TABLES } from './forward-tables.js';
import { untyped, type ReplicaRow } from './replica-tables.js';

// What a register's forwarded row may mean beyond itself: a stored card payment declined, or a row
// changed on the server since the register last sent it.

/**
 * A card payment the register stored while the card processor did not answer, now declined by the
 * processor (and not declined here before): the sale was made, so the store must collect it.
 */
export async function storedDeclined(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  table: string,
  row: ReplicaRow,
): Promise<NewException | null> {
  if (table !== 'payments' || !row.stored_at || row.status !== 'declined') return null;
  const here = await tx.first(db.builder.selectFrom('payments').select('status').where('id', '=', String(row.id)));
  if (here?.status === 'declined') return null;
  const order = row.order_id
    ? await tx.first(db.builder.selectFrom('orders').select('order_number').where('id', '=', String(row.order_id)))
    : undefined;
  return {
    kind: 'stored_declined',
    orderId: row.order_id ? String(row.order_id) : undefined,
    detail:
      `${scope.name} stored a card payment of $${formatDecimal(Number(row.charged_cents))}` +
      `${order ? ` for order ${order.order_number}` : ''} while the card processor did not answer; ` +
      `the processor declined it when it was sent (${String(row.response_detail)}): collect it from the customer`,
  };
}

/** The row is the register's store's here, at another version than the change was made over. */
export async function changedHere(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  record: ForwardRecord,
  owner: string,
): Promise<boolean> {
  const k = untyped(db.builder);
  const table = FORWARD_TABLES[record.table]!;
  let query = k.selectFrom(record.table).select([owner, 'updated_at']);
  for (const column of table.key) query = query.where(column, '=', record.row[column] ?? null);
  const here = (await tx.first(query)) as Record<string, unknown> | undefined;
  if (!here) return false;
  const ours = table.store.by === 'dispensary' ? here[owner] === scope.dispensaryId : here[owner] === record.row[owner];
  return ours && here.updated_at !== record.base;
}
