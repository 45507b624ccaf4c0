import type { Migration } from './migration.js';

/**
 * Migration 62: the loyalty points an attached register holds at its store server while it writes a
 * sale that spends them (README "Loyalty", "Attaching registers"), beside the sale's stock
 * (migration 21) and allowance (migration 31). Under the customer's row lock the server checks the
 * sale's points against the customer's balance less what other sales hold, and keeps them here, one
 * row per sale, named by the id of the order the register writes. They count as spent for every
 * other sale (the server's own, other registers') until the sale's `spent` entry arrives with the
 * register's forwarded changes (its own entry counts then), the register gives the hold back, or it
 * expires.
 */
export const pointsHolds: Migration = {
  version: 62,
  name: 'points-holds',
  async up({ db, types: t }) {
    await db.schema
      .createTable('points_holds')
      // The id of the order the register writes with it.
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      .addColumn('points', t.integer, (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('points_holds_customer')
      .on('points_holds')
      .columns(['customer_id', 'expires_at'])
      .execute();
    await db.schema.createIndex('points_holds_expiry').on('points_holds').column('expires_at').execute();
  },
};
