import type { Migration } from './migration.js';

/**
 * Migration 27: a replica version per store beside the database's one (migration 19). A set-up
 * change of one store (its settings, taxes, locations, catalog, payment methods, PIN pads,
 * printers, state reporting) moves only that store's version, so only that store's registers
 * refresh; a change of the organization's (its processors, its logins for every store) still
 * moves the database's. A chain's catalog import at one store no longer has every register of
 * the chain copy its store again.
 */
export const storeReplicaVersions: Migration = {
  version: 27,
  name: 'store-replica-versions',
  async up({ db, types: t }) {
    await db.schema
      .createTable('store_replica_versions')
      .addColumn('dispensary_id', 'text', (c) => c.primaryKey().references('dispensaries.id'))
      .addColumn('version', t.integer, (c) => c.notNull())
      .execute();
  },
};
