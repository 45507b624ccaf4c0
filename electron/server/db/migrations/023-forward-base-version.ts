import type { Migration } from './migration.js';
import { captureTriggers } from './020-forwarding.js';

/**
 * Migration 23: a register's change of a row that has a version (`updated_at`) carries the version
 * it changed (`forward_queue.base_version`), so the store server applies it only over that version:
 * a row changed on the server meanwhile (a refund from the server's back office) is never replaced
 * by the register's older view of it; the change is listed in the exceptions report instead.
 */
export const forwardBaseVersion: Migration = {
  version: 23,
  name: 'forward-base-version',
  async up({ db, engine }) {
    await db.schema.alterTable('forward_queue').addColumn('base_version', 'text').execute();
    if (engine === 'sqlite') await captureTriggers(db);
  },
};
