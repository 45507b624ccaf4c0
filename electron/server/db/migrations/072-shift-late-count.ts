import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 72: who counted a drawer shift closed as replaced, and when (`cash_shifts.counted_by_id`,
 * `counted_by_name`, `counted_at`, README "Cash drawers"). A shift a store server closes as replaced,
 * not counted (its register's machine replaced under the same name) had no way to take the count of
 * its drawer afterwards: a manager's count is kept on it, with its over/short, beside the close by the
 * server (`closed_*`: the replacement, when the drawer stopped taking cash). Other shifts keep null:
 * their count is their close's. On a register the capture triggers are made again, with the new
 * columns.
 */
export const shiftLateCount: Migration = {
  version: 72,
  name: 'shift-late-count',
  async up({ db, engine }) {
    await db.schema.alterTable('cash_shifts').addColumn('counted_by_id', 'text').execute();
    await db.schema.alterTable('cash_shifts').addColumn('counted_by_name', 'text').execute();
    await db.schema.alterTable('cash_shifts').addColumn('counted_at', 'text').execute();
    await recaptureOrders.after(db, engine);
  },
};
