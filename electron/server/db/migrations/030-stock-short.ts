import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';

/** The open orders' claims on a package as one row has them: reserved, and short beyond what is on hand. */
const claims = (row: 'NEW' | 'OLD') => `(${row}.reserved_milli + ${row}.short_milli)`;

/**
 * On a register, the trigger that forwards a package's stock as what changed: on hand, and the
 * open orders' claims (reserved and short together), so an order handed over or canceled ends its
 * whole claim at the server too, the units it was short included. It replaces migration 020's,
 * which forwarded reserved alone; a later migration that calls 020's `captureTriggers` again (which
 * writes that one back) calls this after it (tests/unit/db/capture-triggers.test.ts checks it).
 */
export async function stockClaimsTrigger(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS forward_packages_stock').execute(db);
  await sql
    .raw(
      'CREATE TRIGGER forward_packages_stock AFTER UPDATE OF on_hand_milli, reserved_milli, short_milli ON packages ' +
        `WHEN (NEW.on_hand_milli <> OLD.on_hand_milli OR ${claims('NEW')} <> ${claims('OLD')}) ` +
        // Only while the register is attached, and not while a refresh writes the server's own rows.
        'AND EXISTS (SELECT 1 FROM server_link WHERE capture = 1) ' +
        'BEGIN INSERT INTO forward_queue (table_name, row_id, op, row_json, on_hand_delta, reserved_delta, created_at) ' +
        "VALUES ('packages', NEW.id, 'stock', json_object('id', NEW.id), NEW.on_hand_milli - OLD.on_hand_milli, " +
        `${claims('NEW')} - ${claims('OLD')}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END`,
    )
    .execute(db);
}

/**
 * Migration 30: `packages.short_milli`, the units open orders hold of a package beyond what is on
 * hand (two registers sold offline more than the store had: README "What the store carries").
 * Only a package whose stock on hand is all reserved is short (the check); handing an order over or
 * canceling it ends its whole claim, the units short included (catalog/stock-claims.ts). On a
 * register (SQLite), its forwarded stock changes carry the claims' change (stockClaimsTrigger).
 */
export const stockShort: Migration = {
  version: 30,
  name: 'stock-short',
  async up({ db, types: t, engine }) {
    await db.schema
      .alterTable('packages')
      .addColumn('short_milli', t.integer, (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`short_milli >= 0 AND (short_milli = 0 OR reserved_milli = on_hand_milli)`),
      )
      .execute();
    if (engine === 'sqlite') await stockClaimsTrigger(db);
  },
};
