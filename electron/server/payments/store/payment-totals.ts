import { sql } from 'kysely';
import type { Builder } from '../../db/query.js';

/** Sums of an order's or a session's payments that hold money: approved, or still pending. */
export interface PaymentTotals {
  approvedAmount: number;
  approvedTip: number;
  pendingAmount: number;
  pendingTip: number;
  /** Approved authorizations not captured yet (ACH). */
  uncaptured: number;
  /** The cents those authorizations apply to the order (their amounts, tips aside). */
  uncapturedAmount: number;
}

/** The sums of `PaymentTotals` over the payments the caller's `where` selects. */
export const paymentTotals = (k: Builder) =>
  k
    .selectFrom('payments')
    .select([
      sql<number>`COALESCE(SUM(CASE WHEN status = 'approved' THEN amount_cents END), 0)`.as('approvedAmount'),
      sql<number>`COALESCE(SUM(CASE WHEN status = 'approved' THEN tip_cents END), 0)`.as('approvedTip'),
      sql<number>`COALESCE(SUM(CASE WHEN status = 'pending' THEN amount_cents END), 0)`.as('pendingAmount'),
      sql<number>`COALESCE(SUM(CASE WHEN status = 'pending' THEN tip_cents END), 0)`.as('pendingTip'),
      sql<number>`COALESCE(SUM(CASE WHEN status = 'approved' AND captured = 0 THEN 1 END), 0)`.as('uncaptured'),
      sql<number>`COALESCE(SUM(CASE WHEN status = 'approved' AND captured = 0 THEN amount_cents END), 0)`.as(
        'uncapturedAmount',
      ),
    ]);
