import type { Migration } from './migration.js';

/**
 * Migration 8: the back office lists a store's shifts newest opened first, across its registers and
 * keyset paged on (opened_at, id); a chain's database answers a page from this index instead of
 * sorting every shift of the store.
 */
export const shiftListIndex: Migration = {
  version: 8,
  name: 'shift-list-index',
  async up({ db }) {
    await db.schema
      .createIndex('cash_shifts_store_opened')
      .on('cash_shifts')
      .columns(['dispensary_id', 'opened_at', 'id'])
      .execute();
  },
};
