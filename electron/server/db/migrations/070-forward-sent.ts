import type { Migration } from './migration.js';

/**
 * Migration 70: an attached register keeps the changes its store server answered applied for a week
 * (`forward_sent`, README "Selling offline"), so a server restored from a backup that lacks some of
 * them gets them again instead of listing them as missing. `forward_queue` keeps holding only what
 * waits to be sent: a change answered applied moves here, and back into the queue when the server
 * asks for it again. Only a register (SQLite) writes it; a server's stays empty.
 */
export const forwardSent: Migration = {
  version: 70,
  name: 'forward-sent',
  async up({ db, types: t }) {
    await db.schema
      .createTable('forward_sent')
      // The change's number in the register's queue, kept as it was.
      .addColumn('seq', t.autoIdType, (c) => c.primaryKey())
      .addColumn('table_name', 'text', (c) => c.notNull())
      .addColumn('row_id', 'text')
      .addColumn('row_json', 'text', (c) => c.notNull())
      .addColumn('op', 'text', (c) => c.notNull())
      .addColumn('on_hand_delta', t.integer)
      .addColumn('reserved_delta', t.integer)
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('base_version', 'text')
      // When the server answered it applied: a week later it is let go for good.
      .addColumn('sent_at', 'text', (c) => c.notNull())
      .execute();
  },
};
