import type { Migration } from './migration.js';

/**
 * Migration 35: an online order lent to one register for its hand-over (README "Attaching
 * registers": handing an online order over at a register).
 * - `order_loans`, on a store server: the register (and its cashier) an order is lent to, and until
 *   when (`expires_at`; null once the register took its money: it stays lent until handed over).
 *   While a loan lasts, only that register moves or pays the order: its forwarded changes do.
 * - `lent_orders`, on an attached register: the server's orders it holds a copy of for a hand-over,
 *   and until when the server lends it.
 * Neither table is forwarded: each is the node's own.
 */
export const orderLoans: Migration = {
  version: 35,
  name: 'order-loans',
  async up({ db }) {
    await db.schema
      .createTable('order_loans')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('register_id', 'text', (c) => c.notNull().references('registers.id'))
      .addColumn('register_name', 'text', (c) => c.notNull())
      .addColumn('cashier', 'text', (c) => c.notNull())
      .addColumn('lent_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .execute();
    await db.schema
      .createTable('lent_orders')
      .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
      .addColumn('lent_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
  },
};
