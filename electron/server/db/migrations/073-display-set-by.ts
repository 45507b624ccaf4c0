import type { Migration } from './migration.js';

/**
 * Migration 73: who set each register's pole-display state (`display_states.set_by`, `staff:<id>` as
 * payments name who took them). A payment the customer makes on the display is taken for the
 * cashier whose POS sent the order there (README "Pole display"), not for the display's own login.
 * Rows set before it keep null: their payments name the display, as they did.
 */
export const displaySetBy: Migration = {
  version: 73,
  name: 'display-set-by',
  async up({ db }) {
    await db.schema.alterTable('display_states').addColumn('set_by', 'text').execute();
  },
};
