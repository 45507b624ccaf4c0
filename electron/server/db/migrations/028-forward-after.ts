import type { Migration } from './migration.js';

/**
 * Migration 28: on the server, `registers.forward_after`, the `after` of a register's last forward:
 * the last change the register said it had let go of. A register only lets go of what the server
 * answered, so its `after` never goes back; one that does (its data restored from a backup) is
 * listed for the store to check, and its changes are applied again rather than passed over as done
 * (README "Selling offline").
 */
export const forwardAfter: Migration = {
  version: 28,
  name: 'forward-after',
  async up({ db, types: t }) {
    await db.schema
      .alterTable('registers')
      .addColumn('forward_after', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
