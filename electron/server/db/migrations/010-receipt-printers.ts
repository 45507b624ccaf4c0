import type { Migration } from './migration.js';

/**
 * Migration 10: a register's receipt printer (at most one per dispensary and terminal): where it
 * is (raw TCP or a device path), its paper width and whether it opens the cash drawer on cash.
 */
export const receiptPrinters: Migration = {
  version: 10,
  name: 'receipt-printers',
  async up({ db, types: t }) {
    await db.schema
      .createTable('receipt_printers')
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('terminal_id', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('paper_mm', t.integer, (c) => c.notNull())
      .addColumn('open_drawer_on_cash', t.integer, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('receipt_printers_pk', ['dispensary_id', 'terminal_id'])
      .execute();
  },
};
