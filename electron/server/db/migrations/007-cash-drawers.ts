import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 7: cash drawers. A register's shifts (at most one open per register, enforced by a
 * partial unique index), the cash movements of a shift (paid-in, paid-out, safe drop, no sale), a
 * gapless Z counter per register, and the register each payment and refund was taken at, so a
 * shift's cash sales, change, cash back and cash refunds are derived from the payments themselves.
 */
export const cashDrawers: Migration = {
  version: 7,
  name: 'cash-drawers',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema.alterTable('payments').addColumn('terminal_id', 'text').execute();
    await schema.alterTable('payment_refunds').addColumn('terminal_id', 'text').execute();
    await schema
      .createIndex('payments_terminal_completed')
      .on('payments')
      .columns(['dispensary_id', 'terminal_id', 'completed_at'])
      .execute();
    await schema
      .createIndex('payment_refunds_terminal_created')
      .on('payment_refunds')
      .columns(['terminal_id', 'created_at'])
      .execute();
    await schema
      .createTable('cash_shifts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('terminal_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('blind', t.integer, (c) => c.notNull())
      .addColumn('opened_by_id', 'text', (c) => c.notNull())
      .addColumn('opened_by_name', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('float_cents', t.integer, (c) => c.notNull())
      .addColumn('float_count', 'text')
      .addColumn('closed_by_id', 'text')
      .addColumn('closed_by_name', 'text')
      .addColumn('closed_at', 'text')
      .addColumn('counted_cents', t.integer)
      .addColumn('counted_count', 'text')
      .addColumn('expected_cents', t.integer)
      .addColumn('over_short_cents', t.integer)
      .addColumn('z_number', t.integer)
      .addColumn('z_flows', 'text')
      .addUniqueConstraint('cash_shifts_register_z', ['dispensary_id', 'terminal_id', 'z_number'])
      .execute();
    // One open shift per register, whichever service instance opens it.
    await schema
      .createIndex('cash_shifts_one_open')
      .on('cash_shifts')
      .columns(['dispensary_id', 'terminal_id'])
      .unique()
      .where(sql<boolean>`status = 'open'`)
      .execute();
    await schema
      .createIndex('cash_shifts_register_opened')
      .on('cash_shifts')
      .columns(['dispensary_id', 'terminal_id', 'opened_at'])
      .execute();
    await schema
      .createTable('cash_movements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('shift_id', 'text', (c) => c.notNull().references('cash_shifts.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('amount_cents', t.integer, (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text', (c) => c.notNull())
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await schema.createIndex('cash_movements_shift').on('cash_movements').columns(['shift_id', 'at']).execute();
    await schema
      .createTable('cash_z_counters')
      .addColumn('dispensary_id', 'text', (c) => c.notNull())
      .addColumn('terminal_id', 'text', (c) => c.notNull())
      .addColumn('last', t.integer, (c) => c.notNull())
      .addPrimaryKeyConstraint('cash_z_counters_pk', ['dispensary_id', 'terminal_id'])
      .execute();
  },
};
