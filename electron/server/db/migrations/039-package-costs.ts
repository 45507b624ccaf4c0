import type { Migration } from './migration.js';

/**
 * Migration 39: what stock cost the store (issue 30, "Low stock and value"; README "Stock value").
 * `packages.unit_cost_cents`: what one unit of the package (one gram for deli items) cost, in cents,
 * as `price_cents` is what one sells for; null where it is not known (every package made before,
 * and the catalog import's). Set by a manager on the product today, by receiving (the shipper's
 * wholesale price) later. The stock's value at cost is read from it, and margins will be.
 */
export const packageCosts: Migration = {
  version: 39,
  name: 'package-costs',
  async up({ db, types: t }) {
    await db.schema.alterTable('packages').addColumn('unit_cost_cents', t.integer).execute();
  },
};
