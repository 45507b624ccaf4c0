import type { Migration } from './migration.js';

/**
 * Migration 15: an order's lines keep the cannabis weight and THC of one unit as they were sold
 * (from the catalog, migration 13), so a customer's purchases of the day count toward the state's
 * limits as sold, however the catalog changes after.
 */
export const orderItemMeasures: Migration = {
  version: 15,
  name: 'order-item-measures',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema.alterTable('order_items').addColumn('cannabis_weight_mg', t.integer).execute();
    await schema.alterTable('order_items').addColumn('thc_mg', t.integer).execute();
  },
};
