import { sql, type Kysely } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { Migration } from './migration.js';

/** When order `R` (NEW or OLD) was paid without a payment (reports/sale-closings.ts): its first PAID or COMPLETED. */
const paidAt = (R: string) =>
  `(SELECT MIN(h.at) FROM order_status_history h WHERE h.order_id = ${R}.id AND h.to_status IN ('PAID', 'COMPLETED'))`;

/**
 * The kept day that holds the sale of order `R` when it owes nothing (its total $0.00: a sale with no
 * payment, closed when it was paid), deleted: a cancel, or an edit of its total, changes that day.
 */
const dayOfUnpaidSale = (R: string) =>
  `DELETE FROM report_day_totals WHERE ${R}.total_cents = 0 AND dispensary_id = ${R}.dispensary_id ` +
  `AND starts_at <= ${paidAt(R)} AND ends_at > ${paidAt(R)}`;

/** Migration 52's statement for an order: the days from its first payment to its last payment or refund. */
const daysOfOrder = (R: string) =>
  `DELETE FROM report_day_totals WHERE dispensary_id = ${R}.dispensary_id ` +
  `AND ends_at > (SELECT MIN(completed_at) FROM payments WHERE order_id = ${R}.id) ` +
  `AND starts_at <= (SELECT MAX(at) FROM (SELECT completed_at AS at FROM payments WHERE order_id = ${R}.id ` +
  `UNION ALL SELECT r.created_at AS at FROM payment_refunds r JOIN payments p ON p.id = r.payment_id ` +
  `WHERE p.order_id = ${R}.id) AS moments)`;

const onOrder = (R: string) => `${daysOfOrder(R)}; ${dayOfUnpaidSale(R)};`;

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
    const name = `report_days_orders_${event.toLowerCase()}`;
    const body =
      event === 'INSERT' ? onOrder('NEW') : event === 'DELETE' ? onOrder('OLD') : onOrder('OLD') + ' ' + onOrder('NEW');
    await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    await sql.raw(`CREATE TRIGGER ${name} AFTER ${event} ON orders BEGIN ${body} END`).execute(db);
  }
}

async function postgresTrigger(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION report_days_orders() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
        `IF TG_OP <> 'INSERT' THEN ${onOrder('OLD')} END IF; ` +
        `IF TG_OP <> 'DELETE' THEN ${onOrder('NEW')} END IF; ` +
        `RETURN NULL; END $$`,
    )
    .execute(db);
}

/**
 * Migration 57: a store day kept added up (migration 52) is deleted too when a sale paid without a
 * payment changes — an order whose total is $0.00 (reward dollars or discounts cover it), counted on
 * the day it was paid (migration 56), then canceled (its points given back). Migration 52's trigger
 * on `orders` reached only the days of its payments, and such an order has none, so that day's
 * report kept counting the canceled sale.
 */
export const paidWithoutPaymentDays: Migration = {
  version: 57,
  name: 'paid-without-payment-days',
  async up({ db, engine }: { db: Kysely<unknown>; engine: EngineKind }) {
    await (engine === 'sqlite' ? sqliteTriggers(db) : postgresTrigger(db));
  },
};
