import type { Migration } from './migration.js';

/**
 * Migration 5: today's sales of one store read its payments completed within the store's day, so
 * a chain's database answers it from an index instead of every payment of the store.
 */
export const reportIndexes: Migration = {
  version: 5,
  name: 'report-indexes',
  async up({ db }) {
    await db.schema
      .createIndex('payments_dispensary_completed')
      .on('payments')
      .columns(['dispensary_id', 'completed_at'])
      .execute();
  },
};
