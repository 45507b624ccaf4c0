import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 9: each payment and refund taken at a register carries the drawer shift that was open
 * there (taken under the shift's row lock, so a close never misses a payment committed after it
 * read), a payment says whether it completed its sale (the order's last balance, or the whole of a
 * payment with no order), a closed shift keeps the sales its Z report added up, and an order keeps its taxes by layer
 * (the tax class's rates) as it was priced. Payments and refunds of shifts opened before this
 * migration are stamped from their register and time, as the reports matched them until now.
 */
export const shiftStamps: Migration = {
  version: 9,
  name: 'shift-stamps',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema.alterTable('payments').addColumn('shift_id', 'text').execute();
    await schema
      .alterTable('payments')
      .addColumn('closes_sale', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema.alterTable('payment_refunds').addColumn('shift_id', 'text').execute();
    await schema.alterTable('cash_shifts').addColumn('z_sales', 'text').execute();
    await schema.alterTable('orders').addColumn('tax_layers', 'text').execute();
    await schema.createIndex('payments_shift').on('payments').columns(['shift_id', 'status']).execute();
    await schema.createIndex('payment_refunds_shift').on('payment_refunds').columns(['shift_id']).execute();
    await sql`
      UPDATE payments SET shift_id = (
        SELECT s.id FROM cash_shifts s
        WHERE s.dispensary_id = payments.dispensary_id AND s.terminal_id = payments.terminal_id
          AND s.opened_at <= payments.created_at
          AND (s.closed_at IS NULL OR payments.created_at < s.closed_at))
      WHERE terminal_id IS NOT NULL`.execute(db);
    await sql`
      UPDATE payment_refunds SET shift_id = (
        SELECT s.id FROM cash_shifts s JOIN payments paid ON paid.id = payment_refunds.payment_id
        WHERE s.dispensary_id = paid.dispensary_id AND s.terminal_id = payment_refunds.terminal_id
          AND s.opened_at <= payment_refunds.created_at
          AND (s.closed_at IS NULL OR payment_refunds.created_at < s.closed_at))
      WHERE terminal_id IS NOT NULL`.execute(db);
  },
};
