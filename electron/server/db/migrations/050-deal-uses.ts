import { sql, type Kysely } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { Migration } from './migration.js';

/**
 * One row per order and deal with a limit its lines got, for each order not canceled: what the
 * service wrote until now as `order_items.deal_discounts` (JSON `[{dealId, name, amountCents}]`,
 * migration 044) and counted with a LIKE scan of the store's orders on every sale.
 */
async function backfill(db: Kysely<unknown>, engine: EngineKind): Promise<void> {
  const dealId = engine === 'sqlite' ? sql`json_extract(d.value, '$.dealId')` : sql`d.value ->> 'dealId'`;
  const each =
    engine === 'sqlite' ? sql`json_each(i.deal_discounts) d` : sql`json_array_elements(i.deal_discounts::json) d`;
  await sql`
    INSERT INTO deal_uses (order_id, deal_id, dispensary_id, customer_id)
    SELECT DISTINCT o.id, ${dealId}, o.dispensary_id, o.customer_id
    FROM orders o
    JOIN order_items i ON i.order_id = o.id
    CROSS JOIN ${each}
    JOIN deals limited ON limited.id = ${dealId}
    WHERE o.status <> 'CANCELED' AND i.deal_discounts <> '[]'
      AND (limited.total_limit IS NOT NULL OR limited.per_customer_limit IS NOT NULL)`.execute(db);
}

/**
 * Migration 50: a deal's uses (issue 31; README "Deals").
 * - `deal_uses`: one row per order and deal with a limit (in all or per customer) that took
 *   something off one of its lines, with the order's store and customer, while the order is not
 *   canceled. The service writes it with the order (a sale, a change of its lines, a cancel, a
 *   register's forwarded sales) and when a deal gets a limit, so a deal's uses left are counted from
 *   its own rows instead of every order of the store. A deal without a limit has none (a row costs
 *   a sale tens of µs). An order deleted (a copy lent to a register, given back) takes its rows.
 * Filled from the orders there are.
 */
export const dealUses: Migration = {
  version: 50,
  name: 'deal-uses',
  async up({ db, engine }) {
    const { schema } = db;
    await schema
      .createTable('deal_uses')
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('deal_id', 'text', (c) => c.notNull())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('customer_id', 'text')
      .addPrimaryKeyConstraint('deal_uses_key', ['order_id', 'deal_id'])
      .execute();
    // A sale counts its deals' uses, and its customer's, from the index alone.
    await schema
      .createIndex('deal_uses_deal')
      .on('deal_uses')
      .columns(['dispensary_id', 'deal_id', 'customer_id'])
      .execute();
    await backfill(db, engine);
  },
};
