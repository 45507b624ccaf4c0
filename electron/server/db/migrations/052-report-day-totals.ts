import { sql, type Kysely } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { Migration } from './migration.js';

/** The days of `store` that hold instant `at`: deleted when something of theirs changed. */
const daysHolding = (store: string, at: string) =>
  `DELETE FROM report_day_totals WHERE dispensary_id = ${store} AND starts_at <= ${at} AND ends_at > ${at}`;

/** The days of `store` from the first payment of order `order` to its last payment or refund. */
const daysOfOrder = (store: string, order: string) =>
  `DELETE FROM report_day_totals WHERE dispensary_id = ${store} ` +
  `AND ends_at > (SELECT MIN(completed_at) FROM payments WHERE order_id = ${order}) ` +
  `AND starts_at <= (SELECT MAX(at) FROM (SELECT completed_at AS at FROM payments WHERE order_id = ${order} ` +
  `UNION ALL SELECT r.created_at AS at FROM payment_refunds r JOIN payments p ON p.id = r.payment_id ` +
  `WHERE p.order_id = ${order}) AS moments)`;

/** What the triggers delete, for each row (`R` is NEW or OLD). */
const ON_CHANGE: Record<'payments' | 'payment_refunds' | 'orders' | 'order_items', (row: string) => string> = {
  payments: (R) => daysHolding(`${R}.dispensary_id`, `${R}.completed_at`),
  payment_refunds: (R) =>
    daysHolding(`(SELECT dispensary_id FROM payments WHERE id = ${R}.payment_id)`, `${R}.created_at`),
  orders: (R) => daysOfOrder(`${R}.dispensary_id`, `${R}.id`),
  order_items: (R) => daysOfOrder(`(SELECT dispensary_id FROM orders WHERE id = ${R}.order_id)`, `${R}.order_id`),
};

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, deleted] of Object.entries(ON_CHANGE)) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      const rows = event === 'INSERT' ? ['NEW'] : event === 'DELETE' ? ['OLD'] : ['OLD', 'NEW'];
      const body = rows.map((row) => `${deleted(row)};`).join(' ');
      await sql
        .raw(`CREATE TRIGGER report_days_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} BEGIN ${body} END`)
        .execute(db);
    }
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [table, deleted] of Object.entries(ON_CHANGE)) {
    await sql
      .raw(
        `CREATE FUNCTION report_days_${table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
          `IF TG_OP <> 'INSERT' THEN ${deleted('OLD')}; END IF; ` +
          `IF TG_OP <> 'DELETE' THEN ${deleted('NEW')}; END IF; ` +
          `RETURN NULL; END $$`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER report_days_${table} AFTER INSERT OR UPDATE OR DELETE ON ${table} ` +
          `FOR EACH ROW EXECUTE FUNCTION report_days_${table}()`,
      )
      .execute(db);
  }
}

/**
 * Migration 52: a closed store day's summary added up once (issue 32; README "Reports").
 * - `report_day_totals`: per store and store day, the summary's sums of the day's sales and payments
 *   and the day's sales by each grouping added up in SQL (JSON, a column each, so a report parses
 *   only its own), written by the day-totals job on the node that owns the data; a report of months
 *   reads these and adds up only the days without one (today, a day changed since).
 * - Triggers on `payments`, `payment_refunds`, `orders` and `order_items` delete the days a change
 *   touches (the day of a payment's or a refund's instant; an order's or a line's, the days from its
 *   order's first payment to its last payment or refund, whose shares it changes), whoever writes:
 *   the service, a register's forwarded sales, a script. Deleting takes the table's write lock, which
 *   the job holds while it adds a day up (PostgreSQL), so a change is never lost between the job's
 *   read and its write.
 */
export const reportDayTotals: Migration = {
  version: 52,
  name: 'report-day-totals',
  async up({ db, engine }: { db: Kysely<unknown>; engine: EngineKind }) {
    await db.schema
      .createTable('report_day_totals')
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'text', (c) => c.notNull())
      .addColumn('totals', 'text', (c) => c.notNull())
      .addColumn('by_category', 'text', (c) => c.notNull())
      .addColumn('by_brand', 'text', (c) => c.notNull())
      .addColumn('by_budtender', 'text', (c) => c.notNull())
      .addColumn('by_register', 'text', (c) => c.notNull())
      .addColumn('by_customer_type', 'text', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('report_day_totals_key', ['dispensary_id', 'day'])
      .execute();
    await db.schema
      .createIndex('report_day_totals_ends')
      .on('report_day_totals')
      .columns(['dispensary_id', 'ends_at'])
      .execute();
    await (engine === 'sqlite' ? sqliteTriggers(db) : postgresTriggers(db));
  },
};
