import type { Migration } from './migration.js';

/**
 * Migration 33: how many hours a store holds an order packed and ready for pickup
 * (`dispensaries.pickup_hold_hours`, 48 by default, set by its manager). Past it, the service
 * cancels an unpaid order and gives its stock back (electron/server/pickup/). When an order became
 * ready is read from its status history, so orders need no column of their own.
 */
export const pickupHold: Migration = {
  version: 33,
  name: 'pickup-hold',
  async up({ db, types: t }) {
    await db.schema
      .alterTable('dispensaries')
      .addColumn('pickup_hold_hours', t.integer, (c) => c.notNull().defaultTo(48))
      .execute();
  },
};
