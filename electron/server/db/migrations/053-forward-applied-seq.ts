import type { Migration } from './migration.js';

/**
 * Migration 53: on a register, `server_link.applied_seq`, the last change of its forward queue the
 * server answered applied (and the register let go of). A refresh whose answer says the server had
 * applied less was read before that answer came: its stock lacks changes the queue no longer holds,
 * so it is read again rather than written (README "Selling offline").
 */
export const forwardAppliedSeq: Migration = {
  version: 53,
  name: 'forward-applied-seq',
  async up({ db, types: t }) {
    await db.schema
      .alterTable('server_link')
      .addColumn('applied_seq', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
  },
};
