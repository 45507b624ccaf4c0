import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 65: a store day kept added up (`report_day_totals`, migration 52) that holds a sale paid
 * without a payment at a register — its total $0.00 (reward dollars or discounts cover it), counted
 * in the drawer shift open there (`orders.closed_in_shift_id`, migration 61) — is deleted: it was
 * added up with that sale at no register, and the sales by register now list it under its shift's
 * register (reports/sale-closings.ts). The day is read from its sales until it is added up again.
 */
export const registerRewardDays: Migration = {
  version: 65,
  name: 'register-reward-days',
  async up({ db }) {
    await sql`DELETE FROM report_day_totals WHERE EXISTS (
      SELECT 1 FROM orders o JOIN order_status_history h ON h.order_id = o.id
      WHERE o.closed_in_shift_id IS NOT NULL AND o.total_cents = 0
        AND o.dispensary_id = report_day_totals.dispensary_id
        AND h.to_status IN ('PAID', 'COMPLETED')
        AND h.at >= report_day_totals.starts_at AND h.at < report_day_totals.ends_at)`.execute(db);
  },
};
