import type { Migration } from './migration.js';

/**
 * Migration 60: when an order first (or last) reached a status, read from an index alone.
 * `order_status_history_reached` (order, status reached, when) holds what every such read asks:
 * the reports' sales paid without a payment (reports/sale-closings.ts: MIN(at) of PAID or COMPLETED,
 * three times for each of a store's $0.00 orders, in every report of a day), migration 57's trigger,
 * the receipt's time of sale and the pickup queue's "ready since" (MAX(at) of PACKED_READY). With
 * `order_id` alone each read went to the table for all of the order's rows (EXPLAIN: SQLite's
 * "USING INDEX order_status_history_order", PostgreSQL's Index Scan filtering `to_status`); with
 * this one they are covering (SQLite "USING COVERING INDEX", PostgreSQL Index Only Scan). A day's
 * sales (`saleClosings`) of a store of 200,000 orders, 2,000 of them at $0.00: SQLite 40 → 22 ms
 * (median), PostgreSQL 86 → 25 ms (fastest), its reads of the history 35,000 → 15,000 buffers.
 *
 * `order_status_history_order` (migration 1) goes: this index starts with `order_id`, so it serves
 * every read and delete by order as that one did, and a status change writes one index, not two.
 */
export const statusHistoryReached: Migration = {
  version: 60,
  name: 'status-history-reached',
  async up({ db }) {
    await db.schema
      .createIndex('order_status_history_reached')
      .on('order_status_history')
      .columns(['order_id', 'to_status', 'at'])
      .execute();
    await db.schema.dropIndex('order_status_history_order').execute();
  },
};
