import type { Migration } from './migration.js';

/**
 * Migration 13: what a product holds for the purchase limits (issue 14), per unit, in integer
 * milligrams. `cannabis_weight_mg`: the net weight of flower and pre-rolls; the concentrate contained
 * in a concentrate, vape or infused product (how California counts edibles, drinks, tinctures,
 * capsules and topicals). `thc_mg`: total THC (Colorado counts infused products by it); for a deli
 * item, THC per gram. Both null when the catalog does not have them; a deli item's cannabis weight is
 * the weight sold, so its column stays null.
 */
export const productCompliance: Migration = {
  version: 13,
  name: 'product-compliance',
  async up({ db, types: t }) {
    await db.schema.alterTable('products').addColumn('cannabis_weight_mg', t.integer).execute();
    await db.schema.alterTable('products').addColumn('thc_mg', t.integer).execute();
  },
};
