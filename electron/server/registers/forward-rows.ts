import { sql } from 'kysely';
import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { newOrderNumber } from '../core/order-number.js';
import type { ForwardCustomers } from './forward-customers.js';
import type { ForwardEvents } from './forward-events.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';
import { COLUMN_NAME, FORWARD_TABLES, type ForwardTable } from './forward-tables.js';
import { changedHere, storedDeclined } from './forward-conflicts.js';
import { untyped, type ReplicaRow } from './replica-tables.js';

/** The orders a forward wrote, by id, as they are now here (the loans they end, the stock they hold). */
export type ForwardedOrders = Map<
  string,
  {
    orderNumber: string;
    status: string;
    paymentStatus: string;
    totalCents: number;
    createdAt: string;
    updatedAt: string;
  }
>;

/** What a forward wrote here (for the live channel, once it is committed). */
export interface ForwardWritten {
  orders: ForwardedOrders;
  /** The payments it wrote, by id. */
  payments: Set<string>;
}

/** A change the server refuses, in words: written down as an exception and passed over. */
export class NotApplied extends Error {}

/** The store of a parent row (an order, payment or shift), cached for one batch. */
async function storeOfParent(
  tx: Queryable,
  db: DataLayer,
  table: string,
  id: unknown,
  owners: Map<string, string | null>,
): Promise<string | null> {
  const cacheKey = `${table}:${String(id)}`;
  if (!owners.has(cacheKey)) {
    const row = await tx.first(
      untyped(db.builder).selectFrom(table).select('dispensary_id').where('id', '=', String(id)),
    );
    owners.set(cacheKey, (row?.dispensary_id as string | null | undefined) ?? null);
  }
  return owners.get(cacheKey)!;
}

async function checkStore(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  name: string,
  table: ForwardTable,
  row: ReplicaRow,
  owners: Map<string, string | null>,
): Promise<void> {
  const ofStore =
    table.store.by === 'dispensary'
      ? row.dispensary_id === scope.dispensaryId ||
        (row.dispensary_id === null && row.organization_id === scope.organizationId)
      : (await storeOfParent(tx, db, table.store.table, row[table.store.column], owners)) === scope.dispensaryId;
  if (!ofStore) throw new NotApplied(`${scope.name} sent a change to ${table.noun} of another store: refused`);
}

/**
 * A free order number of the store for a new order whose own number another order has here; null
 * when the order is here already (it keeps the number it was given) or its number is free.
 */
async function renumber(tx: Queryable, db: DataLayer, row: ReplicaRow): Promise<string | null> {
  const k = db.builder;
  const store = String(row.dispensary_id);
  const holders = await tx.all(
    k
      .selectFrom('orders')
      .select('id')
      .where((e) =>
        e.or([
          e('id', '=', String(row.id)),
          e.and([e('dispensary_id', '=', store), e('order_number', '=', String(row.order_number))]),
        ]),
      ),
  );
  if (holders.length === 0 || holders.some((holder) => holder.id === row.id)) return null;
  const taken = (number: string) =>
    tx.first(k.selectFrom('orders').select('id').where('dispensary_id', '=', store).where('order_number', '=', number));
  for (;;) {
    const number = newOrderNumber();
    if (!(await taken(number))) return number;
  }
}

/**
 * Applies one forwarded row change (a register's order, line, payment, shift…) by its table's
 * policy, after checking the row is of the register's store; answers what the store must look at.
 */
export async function applyRow(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  record: ForwardRecord,
  owners: Map<string, string | null>,
  written: ForwardWritten,
  helpers: { events: ForwardEvents; customers: ForwardCustomers },
): Promise<NewException[]> {
  const table = FORWARD_TABLES[record.table];
  if (!table) {
    throw new NotApplied(
      `${scope.name} sent a kind of change this server does not take (does the register run a newer ServicePay?)`,
    );
  }
  const columns = Object.keys(record.row);
  const odd = columns.find((column) => !COLUMN_NAME.test(column));
  if (odd !== undefined)
    throw new NotApplied(`${scope.name} sent a change to ${table.noun} with a field of no known name`);
  const k = untyped(db.builder);
  const row: ReplicaRow = { ...record.row };
  if (record.op === 'delete') {
    if (table.store.by !== 'dispensary' || table.apply !== 'upsert') {
      throw new NotApplied(`${scope.name} deleted ${table.noun}, which a register may not do here`);
    }
    let query = k.deleteFrom(record.table).where('dispensary_id', '=', scope.dispensaryId);
    for (const column of table.key) query = query.where(column, '=', row[column] ?? null);
    await tx.run(query);
    return [];
  }
  await checkStore(tx, db, scope, record.table, table, row, owners);
  const { events, customers } = helpers;
  if (record.table === 'customers' && (await customers.knownAsAnother(tx, row))) return [];
  if ((record.table === 'orders' || record.table === 'loyalty_ledger') && row.customer_id) {
    row.customer_id = await customers.resolve(tx, row.customer_id);
  }
  const raised: NewException[] = [];
  // An order written earlier in this batch is here already: it keeps the number it was given.
  if (record.table === 'orders' && !owners.has(`orders:${String(row.id)}`)) {
    const number = await renumber(tx, db, row);
    if (number !== null) {
      raised.push({
        kind: 'number_taken',
        orderId: String(row.id),
        detail: `order ${row.order_number} of ${scope.name} is order ${number} here: another order of the store has its number`,
      });
      row.order_number = number;
    }
  }
  const declined = await storedDeclined(tx, db, scope, record.table, row);
  if (declined) raised.push(declined);
  const before = await events.before(tx, record.table, row);
  if (table.apply === 'append') {
    if (table.key.length === 1 && table.key[0] === 'id') delete row.id;
    await tx.run(k.insertInto(record.table).values(row));
  } else if (table.apply === 'first') {
    await tx.run(
      k
        .insertInto(record.table)
        .values(row)
        .onConflict((c) => c.columns([...table.key]).doNothing()),
    );
  } else {
    const replaced = columns.filter((c) => !table.key.includes(c) && !table.keep?.includes(c));
    // Never moves a row to another owner: the row here must have the owner the register names.
    const owner = table.store.by === 'dispensary' ? 'dispensary_id' : table.store.column;
    // An update applies only over the version it was made over: never over a change made here since.
    const base = record.base ?? null;
    const changed = await tx.run(
      k
        .insertInto(record.table)
        .values(row)
        .onConflict((c) =>
          c
            .columns([...table.key])
            .doUpdateSet((e) => Object.fromEntries(replaced.map((column) => [column, e.ref(`excluded.${column}`)])))
            .where((e) =>
              e.and([
                e(sql.ref(`${record.table}.${owner}`), 'is not distinct from', sql.ref(`excluded.${owner}`)),
                ...(base === null ? [] : [e(sql.ref(`${record.table}.updated_at`), '=', base)]),
              ]),
            ),
        ),
    );
    if (changed === 0 && base !== null && (await changedHere(tx, db, scope, record, owner))) {
      const what = record.table === 'orders' ? `order ${String(row.order_number)}` : table.noun;
      return [
        ...raised,
        {
          kind: 'changed_here',
          orderId: record.table === 'orders' ? String(row.id) : row.order_id ? String(row.order_id) : undefined,
          detail:
            `${what} was changed on this server after ${scope.name} last sent it; ` +
            `${scope.name}'s later change was not applied: check it`,
          record,
        },
      ];
    }
    if (changed === 0)
      throw new NotApplied(`${scope.name} sent a change to ${table.noun} that is another store's here: refused`);
  }
  // Written, so the store's own: its lines later in the batch need not read it again (never set
  // before the write, or a refused row of another store would pass its children through).
  if (['orders', 'payments', 'cash_shifts'].includes(record.table)) {
    owners.set(`${record.table}:${String(row.id)}`, scope.dispensaryId);
  }
  await events.after(tx, record.table, row, before);
  if (record.table === 'payments') written.payments.add(String(row.id));
  if (record.table === 'orders') {
    written.orders.set(String(row.id), {
      orderNumber: String(row.order_number),
      status: String(row.status),
      paymentStatus: String(row.payment_status ?? 'UNPAID'),
      totalCents: Number(row.total_cents),
      createdAt: String(row.created_at),
      updatedAt: String(row.updated_at),
    });
  }
  return raised;
}
