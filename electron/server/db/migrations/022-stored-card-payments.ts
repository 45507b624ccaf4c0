import type { Migration } from './migration.js';
import { captureTriggers } from './020-forwarding.js';

/**
 * Migration 22: card payments an attached register stored while the card processor did not answer
 * (README "Selling offline"). `payments.stored_at` says when a payment was stored (it stays once
 * the payment was sent); its response code is `STORED` until it is sent. On a register the capture
 * triggers are made again, so the new column is forwarded with the rest of the row.
 */
export const storedCardPayments: Migration = {
  version: 22,
  name: 'stored-card-payments',
  async up({ db, engine }) {
    await db.schema.alterTable('payments').addColumn('stored_at', 'text').execute();
    if (engine === 'sqlite') await captureTriggers(db);
  },
};
