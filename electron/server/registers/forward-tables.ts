import type { ReplicaRow } from './replica-tables.js';

/**
 * How the server applies a forwarded row:
 * - `upsert`: the register's row replaces the server's row of the same key (but `keep`);
 * - `first`: the first copy is kept (the server goes on changing it: a seed-to-sale record it sends);
 * - `append`: a new row each time, numbered by the server (a status history entry).
 */
export type ApplyPolicy = 'upsert' | 'first' | 'append';

/** How the server finds the store a forwarded row belongs to, before writing it. */
export type StoreOf =
  { by: 'dispensary' } | { by: 'parent'; column: string; table: 'orders' | 'payments' | 'cash_shifts' };

/** One table a register forwards (the tables migration 020 captures). */
export interface ForwardTable {
  key: readonly string[];
  apply: ApplyPolicy;
  /** Columns the server keeps its own value of when the register's row replaces its row. */
  keep?: readonly string[];
  store: StoreOf;
  /** What one row is, in words ("an order line"). */
  noun: string;
}

const byStore: StoreOf = { by: 'dispensary' };
const ofOrder: StoreOf = { by: 'parent', column: 'order_id', table: 'orders' };

/** The tables an attached register forwards, by name. */
export const FORWARD_TABLES: Readonly<Record<string, ForwardTable>> = {
  customers: { key: ['id'], apply: 'upsert', store: byStore, noun: 'a customer' },
  // The server may have given the order another number (its own was taken there).
  orders: { key: ['id'], apply: 'upsert', keep: ['order_number'], store: byStore, noun: 'an order' },
  // What came back of a line is the server's: refunds by items are made there (README "Refunds").
  order_items: {
    key: ['id'],
    apply: 'upsert',
    keep: ['refunded_quantity_milli'],
    store: ofOrder,
    noun: 'an order line',
  },
  order_unavailable_items: {
    key: ['order_id', 'position'],
    apply: 'append',
    store: ofOrder,
    noun: "an order's unavailable item",
  },
  order_status_history: { key: ['id'], apply: 'append', store: ofOrder, noun: "an order's status change" },
  payment_sessions: { key: ['id'], apply: 'upsert', store: byStore, noun: 'a payment session' },
  payments: { key: ['id'], apply: 'upsert', store: byStore, noun: 'a payment' },
  payment_refunds: {
    key: ['id'],
    apply: 'upsert',
    store: { by: 'parent', column: 'payment_id', table: 'payments' },
    noun: 'a refund',
  },
  cash_shifts: { key: ['id'], apply: 'upsert', store: byStore, noun: 'a drawer shift' },
  cash_movements: {
    key: ['id'],
    apply: 'upsert',
    store: { by: 'parent', column: 'shift_id', table: 'cash_shifts' },
    noun: 'a drawer movement',
  },
  cash_z_counters: {
    key: ['dispensary_id', 'terminal_id'],
    apply: 'upsert',
    store: byStore,
    noun: "a register's Z number",
  },
  state_receipts: { key: ['id'], apply: 'first', store: byStore, noun: 'a seed-to-sale record' },
  audit_events: { key: ['id'], apply: 'first', store: byStore, noun: 'an audit trail entry' },
  loyalty_ledger: { key: ['id'], apply: 'first', store: byStore, noun: "an entry of a customer's points" },
};

/** A column name a register may send: plain lower-case identifiers only. */
export const COLUMN_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * Whether a payment's row may be forwarded yet: a pending payment is driven by the register's own
 * service (its PIN pad, its processor call); the server gets it once it is settled, so the
 * server's reconciler never takes over a payment that another machine is taking.
 */
export function settledEnough(table: string, row: ReplicaRow): boolean {
  return table !== 'payments' || row.status !== 'pending';
}
