import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 37: inventory adjustments (issue 30, "Adjustments"; README "Inventory adjustments").
 * - `stock_adjustments`: the permanent record a state audit reads, one row per change of a
 *   package's stock by hand: the package and its tag as they were, the signed change and the
 *   quantity on hand before and after (thousandths), the reason's code, the note, who made it and,
 *   where the store asked for a manager's PIN, the manager who approved it.
 * - `state_adjustments`: the outbox of the package adjustments the state system is told of
 *   (Metrc's `packages/adjust` shape), written in the adjustment's transaction and sent by the
 *   state-reporting job as sales receipts are.
 * - `dispensaries.adjustment_pin_milli`: the store's policy. 0 (every store's to begin with):
 *   every adjustment a cashier makes needs a manager's PIN (a manager or admin approves their own);
 *   N: those that change stock by more than N thousandths of the unit; null: none does. Stock
 *   written off by hand is where shrink hides, so a store opts out rather than in.
 */
export const stockAdjustments: Migration = {
  version: 37,
  name: 'stock-adjustments',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .alterTable('dispensaries')
      .addColumn('adjustment_pin_milli', t.integer, (c) => c.defaultTo(0))
      .execute();
    await schema
      .createTable('stock_adjustments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('package_label', 'text', (c) => c.notNull())
      .addColumn('delta_milli', t.integer, (c) => c.notNull().check(sql`delta_milli <> 0`))
      .addColumn('before_milli', t.integer, (c) => c.notNull().check(sql`before_milli >= 0`))
      .addColumn('after_milli', t.integer, (c) => c.notNull().check(sql`after_milli >= 0`))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('approved_by_id', 'text')
      .addColumn('approved_by_name', 'text')
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('store_day', 'text', (c) => c.notNull())
      .execute();
    // The back office's list: a store's adjustments newest first, by day.
    await schema
      .createIndex('stock_adjustments_store')
      .on('stock_adjustments')
      .columns(['dispensary_id', 'at', 'id'])
      .execute();
    await schema
      .createIndex('stock_adjustments_package')
      .on('stock_adjustments')
      .columns(['package_id', 'at'])
      .execute();
    await schema
      .createTable('state_adjustments')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('adjustment_id', 'text', (c) => c.notNull().unique().references('stock_adjustments.id'))
      .addColumn('package_label', 'text', (c) => c.notNull())
      .addColumn('quantity_milli', t.integer, (c) => c.notNull())
      .addColumn('unit_of_measure', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('reason_note', 'text', (c) => c.notNull())
      .addColumn('adjustment_date', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', t.integer, (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_status_code', t.integer)
      .addColumn('last_result', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createIndex('state_adjustments_due')
      .on('state_adjustments')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await schema
      .createIndex('state_adjustments_store_day')
      .on('state_adjustments')
      .columns(['dispensary_id', 'adjustment_date', 'created_at'])
      .execute();
  },
};
