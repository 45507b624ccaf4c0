import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { insertFilled, type Row } from './support/fill-row.js';
import { insertShop, migratedTo } from './support/migrating.js';

// Migration 68 keeps each package's exact cost: a received package takes its receipt's wholesale
// price and shipped quantity (28 g for $100.00, not 357 ¢ a gram), one with a cost a manager typed
// that cost for one unit, and one without a cost stays without.
let conn: Database.Database;
afterEach(() => conn?.close());

const insert = (table: string, values: Row) => insertFilled(conn, table, values);

const migrated = (upTo: number) => migratedTo(conn, upTo);

describe('migration 68 on SQLite', () => {
  it('gives received packages their receipt’s cost, the others their unit cost', async () => {
    conn = new Database(':memory:');
    conn.pragma('foreign_keys = ON');
    await migrated(67);
    insertShop(conn);
    insert('tax_classes', { id: 1, dispensary_id: 'shop' });
    insert('locations', { id: 'floor', dispensary_id: 'shop' });
    insert('products', { id: 'gdp', dispensary_id: 'shop', sku: 'DEL-1', tax_class_id: 1 });
    const pkg = (id: string, cost: number | null) =>
      insert('packages', {
        id,
        product_id: 'gdp',
        location_id: 'floor',
        label: id,
        price_cents: 1000,
        on_hand_milli: 28_000,
        unit_cost_cents: cost,
      });
    pkg('received', 357);
    pkg('typed', 400);
    pkg('unknown', null);
    insert('receipts', { id: 'r1', dispensary_id: 'shop' });
    insert('receipt_lines', {
      receipt_id: 'r1',
      line_index: 1,
      shipped_milli: 28_000,
      received_milli: 28_000,
      wholesale_cents: 10_000,
      package_id: 'received',
    });
    await migrated(68);
    const rows = conn.prepare('SELECT id, unit_cost_cents, cost_cents, cost_milli FROM packages ORDER BY id').all();
    expect(rows).toEqual([
      { id: 'received', unit_cost_cents: 357, cost_cents: 10_000, cost_milli: 28_000 },
      { id: 'typed', unit_cost_cents: 400, cost_cents: 400, cost_milli: 1000 },
      { id: 'unknown', unit_cost_cents: null, cost_cents: null, cost_milli: null },
    ]);
  });
});
