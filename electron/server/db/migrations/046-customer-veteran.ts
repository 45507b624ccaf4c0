import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 46: `customers.veteran` (issue 31; README "Customers", "Deals"): whether the store
 * counts the customer a veteran, for deals for veterans. 0 for every customer so far. On a register
 * the capture triggers are made again, so the column is forwarded with the rest of a customer's row.
 */
export const customerVeteran: Migration = {
  version: 46,
  name: 'customer-veteran',
  async up({ db, types: t, engine }) {
    await db.schema
      .alterTable('customers')
      .addColumn('veteran', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await recaptureOrders.after(db, engine);
  },
};
