import { sql } from 'kysely';
import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 61: the drawer shift a sale paid without a payment closed in (README "Cash drawers").
 * An order that owes nothing (reward dollars or discounts cover it all: its total $0.00) is paid as
 * it is made, or as its lines change, with no payment, and a shift finds its sales through its
 * payments: such a sale at a register was in no shift's X or Z report. `orders.closed_in_shift_id`
 * is the shift open at the register where it was paid (cash/paid-without-payment.ts), null for
 * every other order and for one paid away from a register (online, the back office) or at a
 * register with no open drawer. No foreign key: a register forwards its orders and its shifts
 * separately. Orders paid before have none (a Z report never changes after its close).
 * `orders_closed_in_shift`: a shift's such sales, for its X and Z reports (few orders have one).
 * On a register the capture triggers are made again, with the new column.
 */
export const closedInShift: Migration = {
  version: 61,
  name: 'closed-in-shift',
  async up({ db, engine }) {
    await recaptureOrders.before(db, engine);
    await db.schema.alterTable('orders').addColumn('closed_in_shift_id', 'text').execute();
    await recaptureOrders.after(db, engine);
    await db.schema
      .createIndex('orders_closed_in_shift')
      .on('orders')
      .column('closed_in_shift_id')
      .where(sql<boolean>`closed_in_shift_id IS NOT NULL`)
      .execute();
  },
};
