import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { insertShop, migratedTo } from './support/migrating.js';

// Migration 48 makes SQLite's loyalty_ledger again with `expired` among its kinds (SQLite cannot
// change a check). A register's or a store's database upgraded in place keeps every entry, the
// ledger's indexes and the register's capture triggers that forward its entries.
let conn: Database.Database;
afterEach(() => conn?.close());

const migrated = (upTo: number) => migratedTo(conn, upTo);

const entry = (id: string, kind: string) =>
  conn
    .prepare(
      `INSERT INTO loyalty_ledger (id, dispensary_id, customer_id, order_id, kind, points, note, actor, created_at)
       VALUES (?, 'shop', 'maria', NULL, ?, ?, 'note', 'system', '2026-01-03T10:00:00.000Z')`,
    )
    .run(id, kind, kind === 'expired' ? -250 : 250);

describe('migration 48 on SQLite', () => {
  it('keeps every entry, takes expired ones, refuses unknown kinds, and keeps indexes and triggers', async () => {
    conn = new Database(':memory:');
    conn.pragma('foreign_keys = ON');
    await migrated(46);
    insertShop(conn);
    entry('e1', 'earned');
    expect(() => entry('e2', 'expired')).toThrow(/CHECK/);

    await migrated(48);

    expect(conn.prepare('SELECT id, kind, points FROM loyalty_ledger').all()).toEqual([
      { id: 'e1', kind: 'earned', points: 250 },
    ]);
    entry('e2', 'expired');
    expect(() => entry('e3', 'lost')).toThrow(/CHECK/);
    expect(conn.pragma('foreign_key_check')).toEqual([]);
    const objects = conn
      .prepare("SELECT type, name FROM sqlite_master WHERE tbl_name = 'loyalty_ledger' AND sql IS NOT NULL")
      .all();
    expect(objects).toEqual(
      expect.arrayContaining([
        { type: 'index', name: 'loyalty_ledger_customer' },
        { type: 'index', name: 'loyalty_ledger_store' },
        { type: 'index', name: 'loyalty_ledger_order' },
        { type: 'trigger', name: 'forward_loyalty_ledger_insert' },
        { type: 'trigger', name: 'forward_loyalty_ledger_update' },
        { type: 'trigger', name: 'forward_loyalty_ledger_delete' },
      ]),
    );
  });
});
