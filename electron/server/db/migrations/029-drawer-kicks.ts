import type { Migration } from './migration.js';

/**
 * Migration 29: the drawer opened with a cash sale's receipt, once per sale. A print opens the drawer
 * only for a sale that moved cash in the register's open shift, and only the first time its receipt
 * reaches the printer (README "Receipt printers"); anything else is a recorded no-sale. A row is
 * kept while the kick stands (taken back when the printer did not take it), keyed by the shift and
 * the order, with when and who. A register's own: it is not forwarded.
 */
export const drawerKicks: Migration = {
  version: 29,
  name: 'drawer-kicks',
  async up({ db }) {
    await db.schema
      .createTable('cash_drawer_kicks')
      .addColumn('shift_id', 'text', (c) => c.notNull().references('cash_shifts.id'))
      .addColumn('order_id', 'text', (c) => c.notNull())
      .addColumn('kicked_at', 'text', (c) => c.notNull())
      .addColumn('kicked_by_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('cash_drawer_kicks_pk', ['shift_id', 'order_id'])
      .execute();
  },
};
