import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 68: what a package cost, exactly (README "Stock value", "Receiving"). Migration 39 kept
 * one unit's cost in whole cents, so a package received by weight whose price does not divide by its
 * grams lost the remainder: 28 g for $100.00 was 357 ¢ a gram, worth $99.96 on the shelf, and each
 * eighth sold cost $12.50 - 0.01. `packages.cost_cents` is what `cost_milli` thousandths of a unit cost
 * (a received package: its wholesale price and shipped quantity; a cost a manager typed: one unit's,
 * for 1,000), so value and margins divide once, when they are added up. `unit_cost_cents` stays what
 * one unit cost, rounded, as a manager reads it. The packages received before take their receipt's
 * figures; the rest, the unit cost they had.
 */
export const packageCostBasis: Migration = {
  version: 68,
  name: 'package-cost-basis',
  async up({ db, types: t }) {
    await db.schema.alterTable('packages').addColumn('cost_cents', t.integer).execute();
    await db.schema.alterTable('packages').addColumn('cost_milli', t.integer).execute();
    await sql`UPDATE packages SET cost_cents = unit_cost_cents, cost_milli = 1000
      WHERE unit_cost_cents IS NOT NULL`.execute(db);
    const received = sql`FROM receipt_lines r
      WHERE r.package_id = packages.id AND r.wholesale_cents IS NOT NULL AND r.shipped_milli > 0`;
    await sql`UPDATE packages SET
        cost_cents = (SELECT r.wholesale_cents ${received}),
        cost_milli = (SELECT r.shipped_milli ${received})
      WHERE EXISTS (SELECT 1 ${received})`.execute(db);
  },
};
