import type { Migration } from './migration.js';

/**
 * Migration 17: a store's state licence number as its receipts print it
 * (`dispensaries.licence_number`, e.g. "C10-0000123-LIC"; null until the manager sets it).
 */
export const storeLicence: Migration = {
  version: 17,
  name: 'store-licence',
  async up({ db }) {
    await db.schema.alterTable('dispensaries').addColumn('licence_number', 'text').execute();
  },
};
