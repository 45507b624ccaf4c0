import type { Migration } from './migration.js';

/**
 * Migration 66: the lines a refund gave back (README "Refunds"; shared/refunds/line-refund.ts).
 * - `refund_lines`: one row per line of an approved refund sent with `lines`: the order line
 *   (`order_items.id`), where it was in the request (`position`), how much of it came back in
 *   thousandths, what that was worth (tax included) and its tax in cents, and whether it went back
 *   into its package. Written in the refund's own write, with `order_items.refunded_quantity_milli`
 *   moved by the same quantities; a refund of an amount only has none. Deleted with its refund (a
 *   copy of an order given back by a register). Read by refund (its answer, the reports).
 */
export const refundLines: Migration = {
  version: 66,
  name: 'refund-lines',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('refund_lines')
      .addColumn('refund_id', 'text', (c) => c.notNull().references('payment_refunds.id').onDelete('cascade'))
      .addColumn('order_item_id', 'text', (c) => c.notNull())
      .addColumn('position', t.integer, (c) => c.notNull())
      .addColumn('quantity_milli', t.integer, (c) => c.notNull())
      .addColumn('amount_cents', t.integer, (c) => c.notNull())
      .addColumn('tax_cents', t.integer, (c) => c.notNull())
      .addColumn('restocked', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('refund_lines_key', ['refund_id', 'order_item_id'])
      .execute();
    await schema.createIndex('refund_lines_item').on('refund_lines').column('order_item_id').execute();
  },
};
