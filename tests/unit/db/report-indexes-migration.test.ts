import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../../electron/server/db/migrations/index.js';
import { migrate } from '../../../electron/server/db/migrator.js';

// Migration 51 adds the indexes a chain's reports read months through: refunds by when they were
// handed out, and a store's closing payments by instant. A database upgraded in place keeps its
// rows, and the reports' range reads go through them (SQLite's plan, its one engine in unit tests).
let conn: Database.Database;
afterEach(() => conn?.close());

async function migrated(upTo: number) {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
  await migrate(
    db,
    'sqlite',
    sqliteDialect,
    MIGRATIONS.filter((m) => m.version <= upTo),
  );
}

const plan = (text: string) =>
  (conn.prepare(`EXPLAIN QUERY PLAN ${text}`).all() as { detail: string }[]).map((row) => row.detail).join('\n');

describe('migration 51 on SQLite', () => {
  it('adds the reports’ range indexes, and their range reads use them', async () => {
    conn = new Database(':memory:');
    await migrated(49);
    const before = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all();
    expect(before).not.toContainEqual({ name: 'payment_refunds_created' });

    await migrated(51);

    const indexes = conn
      .prepare("SELECT name, sql FROM sqlite_master WHERE name IN ('payment_refunds_created', 'payments_closing')")
      .all() as { name: string; sql: string }[];
    expect(indexes.map((index) => index.name).sort()).toEqual(['payment_refunds_created', 'payments_closing']);
    expect(indexes.find((index) => index.name === 'payments_closing')!.sql).toMatch(/where closes_sale = 1/i);
    expect(plan("SELECT amount_cents FROM payment_refunds WHERE created_at >= 'a' AND created_at < 'b'")).toMatch(
      /payment_refunds_created/,
    );
    expect(
      plan(`SELECT order_id FROM payments pay WHERE pay.dispensary_id IN ('s1', 's2') AND pay.completed_at >= 'a'
        AND pay.completed_at < 'b' AND pay.closes_sale = 1 AND pay.status IN ('approved', 'refunded')`),
    ).toMatch(/COVERING INDEX payments_closing/);
  });
});
