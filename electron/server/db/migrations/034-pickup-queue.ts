import { sql } from 'kysely';
import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 34, the pickup queue (README "Online orders at the counter"):
 * - `orders.source`: `online` (placed through the ticket API by a shop) or `register` (a sale rung
 *   up at a register: the session has a terminal). Orders written before it were sales at a
 *   register when a payment of theirs was taken at one; the others are online orders.
 * - `orders.promised_at`: when the order was promised ready (the eta's instant; null when the store
 *   had no opening hours to promise by).
 * - `orders.picker`: who started picking it, as the audit trail names them.
 * - `orders_open_online`: the queue's rows, in promised order, without reading past sales.
 * On a register the capture triggers are made again (the stock claims' after them), so the
 * columns are forwarded with the rest of the row; filling in is not forwarded (the server fills in
 * its own rows).
 */
export const pickupQueue: Migration = {
  version: 34,
  name: 'pickup-queue',
  async up({ db, engine }) {
    await db.schema
      .alterTable('orders')
      .addColumn('source', 'text', (c) =>
        c
          .notNull()
          .defaultTo('online')
          .check(sql`source IN ('online', 'register')`),
      )
      .execute();
    await db.schema.alterTable('orders').addColumn('promised_at', 'text').execute();
    await db.schema.alterTable('orders').addColumn('picker', 'text').execute();
    await recaptureOrders.before(db, engine);
    await sql`UPDATE orders SET source = 'register'
      WHERE EXISTS (SELECT 1 FROM payments p WHERE p.order_id = orders.id AND p.terminal_id IS NOT NULL)`.execute(db);
    await db.schema
      .createIndex('orders_open_online')
      .on('orders')
      .columns(['dispensary_id', 'promised_at'])
      // The queue's query (tickets/pickup-queue-repository.ts) says the same, so the index serves it.
      .where(sql<boolean>`source = 'online' AND status NOT IN ('COMPLETED', 'CANCELED')`)
      .execute();
    await recaptureOrders.after(db, engine);
  },
};
