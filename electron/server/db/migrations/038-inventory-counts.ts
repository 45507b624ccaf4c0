import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 38: inventory counts (issue 30, "Counts"; README "Inventory counts").
 * - `inventory_counts`: one count of a store's stock: its number at the store (what people and the
 *   command line name it by), a name and a note, its scope as JSON (`{}` every package of the store,
 *   `{"categories":["FLOWER"]}` those of some categories; a room is one more key when rooms exist),
 *   its status (OPEN, PAUSED, APPLIED, CANCELLED) and who started, applied (and approved) or
 *   cancelled it, and when.
 * - `inventory_count_entries`: what was counted of one package in one count, one row per package
 *   (entered again, the row is replaced: two devices entering at once both land, the later one
 *   kept), with the package's stock on hand at that moment (`expected_milli`): sales made during
 *   the count move stock on hand, so each package is compared with its own moment. Once applied,
 *   the adjustment it became.
 */
export const inventoryCounts: Migration = {
  version: 38,
  name: 'inventory-counts',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('inventory_counts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('number', t.integer, (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('OPEN', 'PAUSED', 'APPLIED', 'CANCELLED')`))
      .addColumn('started_by_id', 'text')
      .addColumn('started_by_name', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('closed_by_id', 'text')
      .addColumn('closed_by_name', 'text')
      .addColumn('approved_by_id', 'text')
      .addColumn('approved_by_name', 'text')
      .addColumn('closed_at', 'text')
      .addUniqueConstraint('inventory_counts_number', ['dispensary_id', 'number'])
      .execute();
    await schema
      .createTable('inventory_count_entries')
      .addColumn('count_id', 'text', (c) => c.notNull().references('inventory_counts.id'))
      .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id'))
      .addColumn('counted_milli', t.integer, (c) => c.notNull().check(sql`counted_milli >= 0`))
      .addColumn('expected_milli', t.integer, (c) => c.notNull())
      .addColumn('entries', t.integer, (c) => c.notNull())
      .addColumn('counted_by_id', 'text')
      .addColumn('counted_by_name', 'text', (c) => c.notNull())
      .addColumn('counted_at', 'text', (c) => c.notNull())
      .addColumn('adjustment_id', 'text', (c) => c.references('stock_adjustments.id'))
      .addPrimaryKeyConstraint('inventory_count_entries_key', ['count_id', 'package_id'])
      .execute();
  },
};
