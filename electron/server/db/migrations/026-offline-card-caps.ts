import type { Migration } from './migration.js';

/**
 * Migration 26: the caps of card payments a store's attached registers store while the card
 * processor does not answer, set by the store's manager (they were flags of each register's
 * service): the most one payment may be stored for (`dispensaries.offline_card_max_cents`,
 * $200.00) and the most the payments a register has stored and not sent may add up to
 * (`offline_card_total_cents`, $1,000.00). Registers read them from their copy of the store.
 */
export const offlineCardCaps: Migration = {
  version: 26,
  name: 'offline-card-caps',
  async up({ db, types: t }) {
    await db.schema
      .alterTable('dispensaries')
      .addColumn('offline_card_max_cents', t.integer, (c) => c.notNull().defaultTo(20_000))
      .execute();
    await db.schema
      .alterTable('dispensaries')
      .addColumn('offline_card_total_cents', t.integer, (c) => c.notNull().defaultTo(100_000))
      .execute();
  },
};
