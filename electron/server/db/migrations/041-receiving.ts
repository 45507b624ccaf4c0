import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 41: deliveries received (issue 30, "Receiving"; README "Receiving").
 * - `receipts`: one manifest received at a store: its number (received once in the organization),
 *   the shipper, the room the packages went to (null: the sales floor; its name as it was), who
 *   received it and when.
 * - `receipt_lines`: every package of the manifest, received or refused: its tag, the shipper's item
 *   name, shipped and received (thousandths; a shortage is the difference), the wholesale price, the
 *   product and the package it became, or why it was refused.
 * - `packages_label`: packages by tag, for "a tag already in stock" across a chain's stores.
 * - `products_by_name`: a store's products in the order its lists page them (name in any case,
 *   then id), so a page is read from the index instead of sorting every product of the store.
 */
export const receiving: Migration = {
  version: 41,
  name: 'receiving',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('receipts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('manifest_number', 'text', (c) => c.notNull())
      .addColumn('shipper_license', 'text', (c) => c.notNull())
      .addColumn('shipper_name', 'text')
      .addColumn('room_id', 'text', (c) => c.references('rooms.id'))
      .addColumn('room_name', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('store_day', 'text', (c) => c.notNull())
      .addUniqueConstraint('receipts_store_manifest', ['dispensary_id', 'manifest_number'])
      .execute();
    await schema.createIndex('receipts_manifest').on('receipts').column('manifest_number').execute();
    await schema
      .createTable('receipt_lines')
      .addColumn('receipt_id', 'text', (c) => c.notNull().references('receipts.id'))
      .addColumn('line_index', t.integer, (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('item_name', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('shipped_milli', t.integer, (c) => c.notNull())
      .addColumn('received_milli', t.integer, (c) => c.notNull())
      .addColumn('wholesale_cents', t.integer)
      .addColumn('product_id', 'text', (c) => c.references('products.id'))
      .addColumn('package_id', 'text', (c) => c.references('packages.id'))
      .addColumn('refused_reason', 'text')
      .addPrimaryKeyConstraint('receipt_lines_key', ['receipt_id', 'line_index'])
      .execute();
    await schema.createIndex('packages_label').on('packages').column('label').execute();
    await schema
      .createIndex('products_by_name')
      .on('products')
      .expression(sql`dispensary_id, active, lower(name), id`)
      .execute();
  },
};
