import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 56: the orders paid without a payment (reward dollars or discounts cover all of them:
 * their total $0.00, paid as they are made), which the reports count as sales
 * (reports/sale-closings.ts), found by an index of theirs alone: every report of a store's day
 * asks for them, and without it read every order of the store.
 */
export const paidWithoutPayment: Migration = {
  version: 56,
  name: 'paid-without-payment',
  async up({ db }) {
    await db.schema
      .createIndex('orders_paid_without_payment')
      .on('orders')
      .column('dispensary_id')
      // The reports' query (reports/sale-closings.ts) says the same, so the index serves it.
      .where(sql<boolean>`total_cents = 0 AND payment_status = 'PAID'`)
      .execute();
  },
};
