import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 49: manual discounts (issue 31; README "Manual discounts").
 * - `orders.manual_discounts`: JSON `[{productId, percent, amountCents, reason, approvedBy,
 *   discountCents}]`, the discounts a cashier gave by hand, so a change of the order's lines prices
 *   it again with them, and the ticket says each one, what it took and who approved it.
 * - `dispensaries.manual_discount_pin_percent`: the store's policy, null none, 0 every one, N those
 *   taking more than N % off a sale; 0 for every store to begin with (a manager approves each).
 * On a register the capture triggers are made again, with the new column.
 */
export const manualDiscounts: Migration = {
  version: 49,
  name: 'manual-discounts',
  async up({ db, types: t, engine }) {
    await db.schema
      .alterTable('dispensaries')
      .addColumn('manual_discount_pin_percent', t.integer, (c) => c.defaultTo(0))
      .execute();
    await recaptureOrders.before(db, engine);
    await db.schema
      .alterTable('orders')
      .addColumn('manual_discounts', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await recaptureOrders.after(db, engine);
  },
};
