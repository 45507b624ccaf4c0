import type { Migration } from './migration.js';

/**
 * Migration 24: the store's customers by when they last changed. An attached register asks its
 * server every second when the store's customers last changed (`GET /v2.0/register/ping`), so a
 * customer added or edited at the server reaches the registers within a second or two; this index
 * answers that from its last entry.
 */
export const customersChanged: Migration = {
  version: 24,
  name: 'customers-changed',
  async up({ db }) {
    await db.schema.createIndex('customers_updated').on('customers').columns(['dispensary_id', 'updated_at']).execute();
  },
};
