import type { Migration } from './migration.js';

/**
 * Migration 63: a use of a deal with a limit that an attached register holds at its store server
 * while it writes a sale (README "Deals", "Attaching registers"), beside the sale's stock
 * (migration 21) and allowance (migration 31). The server counts the deal's uses under the deal's
 * row lock — its own orders', those the registers forwarded, and the other registers' holds — and
 * keeps the sale's use here, one row per sale and deal, named by the id of the order the register
 * writes. A deal's uses count these rows with `deal_uses` (an id once), until the order arrives
 * with the register's forwarded changes (its own `deal_uses` count then), the register gives the
 * hold back, or it expires. `customer_id` is the server's id of the sale's customer (null: none);
 * no foreign key: a customer the register added may not have reached the server yet.
 */
export const dealUseHolds: Migration = {
  version: 63,
  name: 'deal-use-holds',
  async up({ db }) {
    await db.schema
      .createTable('deal_use_holds')
      .addColumn('hold_id', 'text', (c) => c.notNull())
      .addColumn('deal_id', 'text', (c) => c.notNull().references('deals.id'))
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('customer_id', 'text')
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('deal_use_holds_pk', ['hold_id', 'deal_id'])
      .execute();
    await db.schema
      .createIndex('deal_use_holds_deal')
      .on('deal_use_holds')
      .columns(['deal_id', 'customer_id', 'expires_at'])
      .execute();
    await db.schema.createIndex('deal_use_holds_expiry').on('deal_use_holds').column('expires_at').execute();
  },
};
