import type { Migration } from './migration.js';

/**
 * Migration 47: `products.tags` (issue 31; README "Products", "Deals"): JSON `["staff-pick", …]`,
 * the store's words for groups of products that a deal may be for; `[]` for none, every product
 * so far. One value of the product row, read with it wherever a line is priced, so it travels to
 * attached registers with the product (products are replicated, not forwarded: no capture trigger
 * to make again).
 */
export const productTags: Migration = {
  version: 47,
  name: 'product-tags',
  async up({ db }) {
    await db.schema
      .alterTable('products')
      .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};
