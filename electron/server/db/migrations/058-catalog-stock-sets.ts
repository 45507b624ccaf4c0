import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 58: the stock a catalog import set (README "Catalog files", "Reports": inventory value).
 * `catalog_stock_sets`: one row per package whose stock on hand an import set — a new product's
 * `quantityOnHand`, or a count that changed an existing one's — with the signed change, the
 * quantity before and after (thousandths), when and on which store day. Not an adjustment (the
 * state is not told of it), but a movement all the same: the inventory value at a past day puts
 * it back, as it does adjustments, deliveries and sales. Imports made before have no row.
 */
export const catalogStockSets: Migration = {
  version: 58,
  name: 'catalog-stock-sets',
  async up({ db, types: t }) {
    await db.schema
      .createTable('catalog_stock_sets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id'))
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('delta_milli', t.integer, (c) => c.notNull().check(sql`delta_milli <> 0`))
      .addColumn('before_milli', t.integer, (c) => c.notNull())
      .addColumn('after_milli', t.integer, (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('store_day', 'text', (c) => c.notNull())
      .execute();
    // The inventory value at a day: a store's sets after it.
    await db.schema
      .createIndex('catalog_stock_sets_store_day')
      .on('catalog_stock_sets')
      .columns(['dispensary_id', 'store_day'])
      .execute();
  },
};
