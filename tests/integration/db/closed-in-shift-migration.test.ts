import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 61 keeps the drawer shift a sale paid without a payment closed in
// (`orders.closed_in_shift_id`): the orders a store has keep every column and have none, the shift's
// index finds those that have one, and a register forwards the new column with the rest of the order.
const m = new MigrationDatabase();
afterEach(() => m.close());

const orders = async () =>
  (
    await sql<{ id: string; status: string; total_cents: number | string; closed_in_shift_id: string | null }>`
      SELECT id, status, total_cents, closed_in_shift_id FROM orders ORDER BY id`.execute(m.db)
  ).rows.map((row) => ({ ...row, total_cents: Number(row.total_cents) }));

const indexes = async () => {
  const query =
    TEST_ENGINE === 'sqlite'
      ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders'`
      : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
          WHERE schemaname = current_schema() AND tablename = 'orders'`;
  return (await query.execute(m.db)).rows.map((row) => row.name);
};

describe(`migration 61 on ${TEST_ENGINE}`, () => {
  it('keeps the orders there are, with no shift, and stamps and finds a shift’s sales after it', async () => {
    await m.open();
    await m.migrated(60);
    await m.store();
    const order = { dispensary_id: 'shop', location_id: 'floor', address_id: 1 };
    await m.insert('orders', { ...order, id: 'o1', order_number: 'A1', status: 'COMPLETED', total_cents: 0 });
    await m.insert('orders', { ...order, id: 'o2', order_number: 'A2', status: 'PAID', total_cents: 1250 });

    await m.migrated(61);

    expect(await orders()).toEqual([
      { id: 'o1', status: 'COMPLETED', total_cents: 0, closed_in_shift_id: null },
      { id: 'o2', status: 'PAID', total_cents: 1250, closed_in_shift_id: null },
    ]);
    expect(await indexes()).toContain('orders_closed_in_shift');
    await m.insert('orders', { ...order, id: 'o3', order_number: 'A3', closed_in_shift_id: 'shift-1' });
    const found = await sql<{ id: string }>`SELECT id FROM orders WHERE closed_in_shift_id = ${'shift-1'}`.execute(
      m.db,
    );
    expect(found.rows).toEqual([{ id: 'o3' }]);
    if (TEST_ENGINE !== 'sqlite') return;
    // A register's capture triggers were made again: the new column is forwarded.
    const triggers = await sql<{ name: string; sql: string }>`
      SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'forward_orders_%'`.execute(m.db);
    for (const event of ['insert', 'update']) {
      const trigger = triggers.rows.find((row) => row.name === `forward_orders_${event}`);
      expect(trigger?.sql, event).toContain("'closed_in_shift_id', NEW.closed_in_shift_id");
    }
  });
});
