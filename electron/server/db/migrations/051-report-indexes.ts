import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 51: what a chain's reports read over months (issue 32; README "Reports"), from indexes.
 * - `payment_refunds_created`: the refunds handed out in a range (every store's, then joined to their
 *   payment's store), instead of every refund ever made.
 * - `payments_closing`: a store's closing payments in a range, the sales a report adds up, with the
 *   order each closed: only sales' payments, so the reports read no other payment to find them.
 */
export const reportRangeIndexes: Migration = {
  version: 51,
  name: 'report-range-indexes',
  async up({ db }) {
    await db.schema.createIndex('payment_refunds_created').on('payment_refunds').column('created_at').execute();
    await db.schema
      .createIndex('payments_closing')
      .on('payments')
      .columns(['dispensary_id', 'completed_at', 'status', 'order_id'])
      // The reports' queries (reports/report-sums.ts, report-rows.ts) say the same, so the index serves them.
      .where(sql<boolean>`closes_sale = 1`)
      .execute();
  },
};
