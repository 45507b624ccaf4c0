import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';

/**
 * The tables whose rows an attached register forwards to its store server, with their keys. A
 * later migration that forwards another table adds it here and calls `captureTriggers` again.
 */
export const FORWARDED: ReadonlyArray<readonly [table: string, key: readonly string[]]> = [
  ['customers', ['id']],
  ['orders', ['id']],
  ['order_items', ['id']],
  ['order_unavailable_items', ['order_id', 'position']],
  ['order_status_history', ['id']],
  ['payment_sessions', ['id']],
  ['payments', ['id']],
  ['payment_refunds', ['id']],
  ['cash_shifts', ['id']],
  ['cash_movements', ['id']],
  ['cash_z_counters', ['dispensary_id', 'terminal_id']],
  ['state_receipts', ['id']],
  ['audit_events', ['id']],
  // From migration 045 (a table a migration before it does not have yet is passed over).
  ['loyalty_ledger', ['id']],
];

/** Only while the register is attached, and not while a refresh writes the server's own rows. */
const CAPTURING = 'EXISTS (SELECT 1 FROM server_link WHERE capture = 1)';
const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** The columns of `table`, as it has them now. */
async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
  return rows.map(({ name }) => name);
}

/** JSON of every column of `row` (`NEW` or `OLD`), as the table has them now. */
async function rowJson(db: Kysely<unknown>, table: string, row: 'NEW' | 'OLD'): Promise<string> {
  return `json_object(${(await columnsOf(db, table)).map((name) => `'${name}', ${row}.${name}`).join(', ')})`;
}

/**
 * (Re)creates the triggers that put each change of a forwarded table, as the whole row after it
 * (its key, for a delete), into `forward_queue`. A later migration that adds a column to one of
 * these tables calls this again, or the column never reaches the server (a test checks it).
 */
export async function captureTriggers(db: Kysely<unknown>): Promise<void> {
  // From migration 023 on, an update also notes the version it changed (the row's `updated_at`
  // before it): the server applies it only over that version (README "Selling offline").
  const withBase = (await columnsOf(db, 'forward_queue')).includes('base_version');
  for (const [table, key] of FORWARDED) {
    if ((await columnsOf(db, table)).length === 0) continue;
    const versioned = withBase && (await columnsOf(db, table)).includes('updated_at');
    const keyOnly = `json_object(${key.map((c) => `'${c}', OLD.${c}`).join(', ')})`;
    const id = (row: 'NEW' | 'OLD') => (key.length === 1 ? `${row}.${key[0]}` : 'NULL');
    const events = [
      ['insert', 'INSERT', await rowJson(db, table, 'NEW'), 'upsert', id('NEW')],
      ['update', 'UPDATE', await rowJson(db, table, 'NEW'), 'upsert', id('NEW')],
      ['delete', 'DELETE', keyOnly, 'delete', id('OLD')],
    ] as const;
    for (const [name, event, row, op, rowId] of events) {
      const base = versioned && event === 'UPDATE' ? 'OLD.updated_at' : 'NULL';
      await sql.raw(`DROP TRIGGER IF EXISTS forward_${table}_${name}`).execute(db);
      await sql
        .raw(
          `CREATE TRIGGER forward_${table}_${name} AFTER ${event} ON ${table} WHEN ${CAPTURING} BEGIN ` +
            `INSERT INTO forward_queue (table_name, row_id, op, row_json, created_at${withBase ? ', base_version' : ''}) ` +
            `VALUES ('${table}', ${rowId}, '${op}', ${row}, ${NOW}${withBase ? `, ${base}` : ''}); END`,
        )
        .execute(db);
    }
  }
  // Stock moves as what changed, never as a value: the server adds every register's changes to its own.
  await sql.raw(`DROP TRIGGER IF EXISTS forward_packages_stock`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER forward_packages_stock AFTER UPDATE OF on_hand_milli, reserved_milli ON packages ` +
        `WHEN (NEW.on_hand_milli <> OLD.on_hand_milli OR NEW.reserved_milli <> OLD.reserved_milli) AND ${CAPTURING} ` +
        `BEGIN INSERT INTO forward_queue (table_name, row_id, op, row_json, on_hand_delta, reserved_delta, created_at) ` +
        `VALUES ('packages', NEW.id, 'stock', json_object('id', NEW.id), NEW.on_hand_milli - OLD.on_hand_milli, ` +
        `NEW.reserved_milli - OLD.reserved_milli, ${NOW}); END`,
    )
    .execute(db);
}

/**
 * Migration 20: forwarding a register's sales to its store server, exactly once.
 * - On a register (SQLite): `forward_queue`, in the order they happened, holds every change to the
 *   rows of a sale, as the whole row after it (orders, their lines and history, payments, refunds, drawer shifts and movements,
 *   customers, seed-to-sale records, the audit trail) and every change of stock, written by triggers
 *   in the change's own transaction while the register is attached. `server_link.capture` is 0
 *   while a refresh writes the server's rows, which are not the register's changes.
 *   `server_link.queue_id` names this queue (a new data folder attached as the same register starts
 *   a new one, numbered from 1 again).
 * - On the server: `registers.forwarded_seq`, the last change of the register's queue
 *   (`forward_queue_id`) applied, moved in the transaction that applies them (a change at or below
 *   it is never applied again); and
 *   `forward_exceptions`, what the store must look at: stock that went below zero, an order number
 *   taken, a change that could not be applied.
 */
export const forwarding: Migration = {
  version: 20,
  name: 'forwarding',
  async up({ db, types: t, engine }) {
    const { schema } = db;
    await schema
      .alterTable('registers')
      .addColumn('forwarded_seq', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema.alterTable('registers').addColumn('forward_queue_id', 'text').execute();
    await schema
      .alterTable('server_link')
      .addColumn('capture', t.integer, (c) => c.notNull().defaultTo(1))
      .execute();
    await schema.alterTable('server_link').addColumn('queue_id', 'text').execute();
    await schema
      .createTable('forward_exceptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      .addColumn('seq', t.integer, (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('package_id', 'text')
      .addColumn('detail', 'text', (c) => c.notNull())
      .addColumn('record_json', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createIndex('forward_exceptions_store_at')
      .on('forward_exceptions')
      .columns(['dispensary_id', 'at'])
      .execute();
    // A customer a register added whom the server knew already (the same ID, added at two places):
    // the register's id stands for the server's customer in the orders it forwards.
    await schema
      .createTable('customer_aliases')
      .addColumn('alias_id', 'text', (c) => c.primaryKey())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .execute();
    await schema
      .createTable('forward_queue')
      .addColumn('seq', t.autoIdType, t.autoId)
      .addColumn('table_name', 'text', (c) => c.notNull())
      // The row's id (a package's for stock); null for a key of several columns.
      .addColumn('row_id', 'text')
      .addColumn('row_json', 'text', (c) => c.notNull())
      .addColumn('op', 'text', (c) => c.notNull())
      .addColumn('on_hand_delta', t.integer)
      .addColumn('reserved_delta', t.integer)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // What waits, by order: the register's screen counts the sales waiting.
    await schema.createIndex('forward_queue_rows').on('forward_queue').columns(['table_name', 'row_id']).execute();
    // A store server on PostgreSQL is never a register: its queue stays empty and has no triggers.
    if (engine === 'sqlite') await captureTriggers(db);
  },
};
