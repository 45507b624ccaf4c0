import type { Migration } from './migration.js';

/**
 * Migration 21: stock an attached register holds at its store server while it writes a sale.
 * Online, a register asks the server to reserve a ticket's units before its own write answers: the
 * server reserves them (as a ticket of its own would) and keeps a hold per package. When the
 * register's reservation arrives with its forwarded changes, it takes its units from the hold
 * instead of reserving them twice. A hold whose sale never came (the register failed in between)
 * gives its units back when it expires.
 */
export const stockHolds: Migration = {
  version: 21,
  name: 'stock-holds',
  async up({ db, types: t }) {
    await db.schema
      .createTable('stock_holds')
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id'))
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      // What is still held, in thousandths of the unit.
      .addColumn('milli', t.integer, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('stock_holds_pk', ['id', 'package_id'])
      .execute();
    await db.schema
      .createIndex('stock_holds_register_package')
      .on('stock_holds')
      .columns(['register_id', 'package_id', 'created_at'])
      .execute();
    await db.schema.createIndex('stock_holds_expiry').on('stock_holds').column('expires_at').execute();
  },
};
