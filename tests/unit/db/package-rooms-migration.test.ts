import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { insertFilled, type Row } from './support/fill-row.js';
import { insertShop, migratedTo } from './support/migrating.js';

// Migration 40 makes SQLite's packages table again without its one-package-per-location key
// (SQLite cannot drop a constraint). A register's or a store's database upgraded in place must keep
// every row, every foreign key that points at a package, its index and its register trigger.
let conn: Database.Database;
afterEach(() => conn?.close());

/** Inserts `values`, filling every other NOT NULL column without a default. */
const insert = (table: string, values: Row) => insertFilled(conn, table, values);

const migrated = (upTo: number) => migratedTo(conn, upTo);

describe('migration 40 on SQLite', () => {
  it('keeps every package and what points at it, and lets a product have two packages at a location', async () => {
    conn = new Database(':memory:');
    conn.pragma('foreign_keys = ON');
    await migrated(39);
    insertShop(conn);
    insert('tax_classes', { id: 1, dispensary_id: 'shop' });
    insert('locations', { id: 'floor', dispensary_id: 'shop' });
    insert('products', { id: 'blue', dispensary_id: 'shop', sku: 'FLW-1', tax_class_id: 1 });
    insert('packages', {
      id: 'pk1',
      product_id: 'blue',
      location_id: 'floor',
      label: 'TAG1',
      price_cents: 1200,
      on_hand_milli: 5000,
      reserved_milli: 1000,
      unit_cost_cents: 400,
    });
    insert('stock_adjustments', {
      id: 'adj',
      dispensary_id: 'shop',
      package_id: 'pk1',
      product_id: 'blue',
      delta_milli: -1000,
      before_milli: 6000,
      after_milli: 5000,
    });
    expect(() =>
      insert('packages', { id: 'pk2', product_id: 'blue', location_id: 'floor', price_cents: 1200, on_hand_milli: 0 }),
    ).toThrow(/UNIQUE/);

    await migrated(40);

    const pk1 = conn.prepare('SELECT * FROM packages WHERE id = ?').get('pk1') as Row;
    expect(pk1).toMatchObject({
      label: 'TAG1',
      price_cents: 1200,
      on_hand_milli: 5000,
      reserved_milli: 1000,
      unit_cost_cents: 400,
      room_id: null,
      expires_on: null,
    });
    insert('packages', {
      id: 'pk2',
      product_id: 'blue',
      location_id: 'floor',
      label: 'TAG2',
      price_cents: 1200,
      on_hand_milli: 3000,
    });
    expect(conn.prepare('SELECT COUNT(*) AS n FROM packages WHERE product_id = ?').get('blue')).toEqual({ n: 2 });
    // Foreign keys still hold, both ways: nothing points at a package that is not there.
    expect(conn.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(conn.pragma('foreign_key_check')).toEqual([]);
    expect(() =>
      insert('stock_adjustments', {
        id: 'adj2',
        dispensary_id: 'shop',
        package_id: 'gone',
        product_id: 'blue',
        delta_milli: 1,
        before_milli: 0,
        after_milli: 1,
      }),
    ).toThrow(/FOREIGN KEY/);
    expect(() => conn.prepare('DELETE FROM packages WHERE id = ?').run('pk1')).toThrow(/FOREIGN KEY/);
    expect(() =>
      insert('packages', {
        id: 'pk3',
        product_id: 'blue',
        location_id: 'floor',
        room_id: 'nowhere',
        price_cents: 1,
        on_hand_milli: 0,
      }),
    ).toThrow(/FOREIGN KEY/);
    // Its checks, index and the register's stock trigger came back with it.
    expect(() => conn.prepare('UPDATE packages SET on_hand_milli = -1 WHERE id = ?').run('pk2')).toThrow(/CHECK/);
    const objects = conn
      .prepare("SELECT type, name FROM sqlite_master WHERE tbl_name = 'packages' AND sql IS NOT NULL")
      .all();
    expect(objects).toEqual(
      expect.arrayContaining([
        { type: 'index', name: 'packages_location' },
        { type: 'index', name: 'packages_product' },
        { type: 'trigger', name: 'forward_packages_stock' },
      ]),
    );
  });
});
