import type { Migration } from './migration.js';

/**
 * Migration 31: a customer's allowance an attached register holds at its store server while it
 * writes a sale, beside the sale's stock (migration 21). Before the register writes a sale to a
 * customer, the server checks the sale's lines against the purchase limits with what the customer
 * bought at the store and what other sales hold, under the customer's row lock, and keeps the lines
 * here, one row per line, named by the sale's order id. The limits count them as bought until the
 * order's lines arrive with the register's forwarded changes, the register gives the hold back (it
 * did not write the sale), or the hold expires.
 */
export const allowanceHolds: Migration = {
  version: 31,
  name: 'allowance-holds',
  async up({ db, types: t }) {
    await db.schema
      .createTable('allowance_holds')
      // The id of the order the register writes with it.
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('line', t.integer, (c) => c.notNull())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      // The line as the limits count it (as `order_items` keeps a line sold).
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('deli', t.integer, (c) => c.notNull())
      .addColumn('quantity_milli', t.integer, (c) => c.notNull())
      .addColumn('cannabis_weight_mg', t.integer)
      .addColumn('thc_mg', t.integer)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('allowance_holds_pk', ['id', 'line'])
      .execute();
    await db.schema
      .createIndex('allowance_holds_customer')
      .on('allowance_holds')
      .columns(['customer_id', 'dispensary_id', 'expires_at'])
      .execute();
    await db.schema.createIndex('allowance_holds_expiry').on('allowance_holds').column('expires_at').execute();
  },
};
