import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 43: a store's deals (issue 31; README "Deals"; shared/deals/deal.ts).
 * - `deals`: one promotion of a store. What the service looks a deal up by has columns (its kind,
 *   trigger, promo code, whether it is active, archived); the rest of its definition — its rates and
 *   prices, its scope, schedule, customer groups, weight breaks — is `definition`, JSON, read whole
 *   by the engine. A promo code is one deal's in its store (upper case). A deal a sale used is
 *   archived, never deleted (`archived_at`), so the sales that name it keep its name.
 */
export const deals: Migration = {
  version: 43,
  name: 'deals',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('deals')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind IN ('percent', 'amount', 'fixed_price', 'buy_get', 'bundle', 'weight_break')`),
      )
      .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger IN ('automatic', 'cashier', 'code')`))
      .addColumn('code', 'text')
      .addColumn('exclusive', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('priority', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('per_customer_limit', t.integer)
      .addColumn('total_limit', t.integer)
      .addColumn('active', t.integer, (c) => c.notNull().defaultTo(1))
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('archived_at', 'text')
      .execute();
    await schema.createIndex('deals_store').on('deals').columns(['dispensary_id', 'active']).execute();
    await schema.createIndex('deals_code').on('deals').columns(['dispensary_id', 'code']).unique().execute();
  },
};
