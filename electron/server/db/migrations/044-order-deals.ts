import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 44: the deals a sale got (issue 31; README "Deals").
 * - `order_items.deal_discounts`: JSON `[{dealId, name, amountCents}]`, what each deal took off the
 *   line (its `line_discount_cents` is that, plus a product's own promotion), so the ticket, the
 *   receipt, the reports and the audit trail explain each discount by its deal.
 * - `orders.promo_codes` and `orders.chosen_deals`: JSON arrays of the promo codes typed and the deals
 *   the cashier chose, so a change of the order's lines prices it again with the same ones.
 * On a register the capture triggers are made again (the stock claims' after them), so the new
 * columns are forwarded with the rest of their rows.
 */
export const orderDeals: Migration = {
  version: 44,
  name: 'order-deals',
  async up({ db, engine }) {
    await db.schema
      .alterTable('order_items')
      .addColumn('deal_discounts', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('promo_codes', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('orders')
      .addColumn('chosen_deals', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await recaptureOrders.before(db, engine);
    await recaptureOrders.after(db, engine);
  },
};
