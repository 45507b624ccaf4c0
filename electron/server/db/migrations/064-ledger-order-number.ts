import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 64: the number of a loyalty entry's order as a register keeps it (README "Loyalty"). A
 * register attached to a store server copies the store's ledger (registers/replica-tables.ts), but
 * of the orders only those it has: an entry of an order made at the server (online, at its counter,
 * at another register) showed no order number there. The server sends each entry with its order's
 * number, which the register keeps in `loyalty_ledger.order_number`; the ledger shows the number of
 * the order where the order is there, else this one (loyalty/loyalty-ledger.ts). Null on a server
 * and a standalone register, whose orders are their own, and for an entry of no order. Nothing to
 * fill in: a register's copy of the ledger is read again in full within 30 seconds of its start.
 */
export const ledgerOrderNumber: Migration = {
  version: 64,
  name: 'ledger-order-number',
  async up({ db, engine }) {
    await db.schema.alterTable('loyalty_ledger').addColumn('order_number', 'text').execute();
    // A register forwards every column of its ledger's rows (null for its own orders' entries).
    await recaptureOrders.after(db, engine);
  },
};
