import type { Migration } from './migration.js';

/**
 * Migration 36: products managed by hand (issue 30, products), beside the catalog import.
 * - `low_stock_milli`: the quantity (thousandths of the unit) at or under which a product is low on
 *   stock; null: the product has no threshold and is never "low", only in stock or out.
 * - `price_breaks`: JSON `[{"weightMg": 3500, "priceCents": 3000}, …]`, weighed flower's prices
 *   for set weights (1 g, 3.5 g, 7 g…), lightest first; `[]` for none. One value of the product
 *   row, so it travels to attached registers with the product.
 * - `cbd_mg`: CBD of one unit in mg (per gram for deli items), as `thc_mg`; null: not known.
 * Archiving needs no column: `active = 0` already keeps a product out of the catalog and its sales.
 */
export const productAdmin: Migration = {
  version: 36,
  name: 'product-admin',
  async up({ db, types: t }) {
    await db.schema.alterTable('products').addColumn('low_stock_milli', t.integer).execute();
    await db.schema
      .alterTable('products')
      .addColumn('price_breaks', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable('products').addColumn('cbd_mg', t.integer).execute();
  },
};
