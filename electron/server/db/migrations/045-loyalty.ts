import { sql } from 'kysely';
import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 45: loyalty (issue 31; README "Loyalty"; shared/contracts/loyalty.ts).
 * - `dispensaries.loyalty`: JSON of the store's programme, null until its manager sets one up.
 * - `loyalty_ledger`: every move of a customer's points; the balance is their sum (never a stored
 *   total, which a register's forwarded copy of a customer would overwrite). An attached register
 *   writes its own entries and forwards them once each, by id.
 * - `orders.loyalty_spent_points` and `orders.loyalty_earned_points`: what the sale's reward dollars
 *   cost, and what it earned when paid in full; a refund keeps its share of each (the ledger's entries
 *   for the order are brought to that).
 * On a register the capture triggers are made again, with the new table and columns.
 */
export const loyalty: Migration = {
  version: 45,
  name: 'loyalty',
  async up({ db, types: t, engine }) {
    const { schema } = db;
    await schema.alterTable('dispensaries').addColumn('loyalty', 'text').execute();
    await schema
      .createTable('loyalty_ledger')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('customer_id', 'text', (c) => c.notNull())
      .addColumn('order_id', 'text')
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind IN ('earned', 'reversed', 'spent', 'returned', 'adjusted')`),
      )
      .addColumn('points', t.integer, (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createIndex('loyalty_ledger_customer')
      .on('loyalty_ledger')
      .columns(['customer_id', 'created_at'])
      .execute();
    await schema
      .createIndex('loyalty_ledger_store')
      .on('loyalty_ledger')
      .columns(['dispensary_id', 'created_at'])
      .execute();
    await schema.createIndex('loyalty_ledger_order').on('loyalty_ledger').columns(['order_id']).execute();
    await recaptureOrders.before(db, engine);
    await schema
      .alterTable('orders')
      .addColumn('loyalty_spent_points', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema.alterTable('orders').addColumn('loyalty_earned_points', t.integer).execute();
    await recaptureOrders.after(db, engine);
  },
};
