import type { Migration } from './migration.js';

/**
 * Migration 69: when the store server last answered an attached register (`server_link.answered_at`,
 * README "Registers"). The offline banner said "Offline since" the register's own start when it
 * started without its server, however long it had been cut off before: the time was kept in memory
 * only. Links attached before keep null (not known: the banner counts from the start, as before).
 */
export const linkAnsweredAt: Migration = {
  version: 69,
  name: 'link-answered-at',
  async up({ db }) {
    await db.schema.alterTable('server_link').addColumn('answered_at', 'text').execute();
  },
};
