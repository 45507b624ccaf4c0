import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/**
 * Migration 54: a refund's `Idempotency-Key`, if it was sent one, and the hash of its request: the
 * same key on the same payment answers that refund again instead of refunding twice (README "HTTP
 * API"). Unique per payment; refunds sent without a key keep both null. On a register, the capture
 * triggers are made again so a refund forwarded to its server carries its key.
 */
export const refundKeys: Migration = {
  version: 54,
  name: 'refund-keys',
  async up({ db, engine }) {
    await db.schema.alterTable('payment_refunds').addColumn('idempotency_key', 'text').execute();
    await db.schema.alterTable('payment_refunds').addColumn('request_hash', 'text').execute();
    await db.schema
      .createIndex('payment_refunds_idempotency')
      .unique()
      .on('payment_refunds')
      .columns(['payment_id', 'idempotency_key'])
      .execute();
    await recaptureOrders.after(db, engine);
  },
};
