import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 3: what a store or chain server needs beyond one register. Staff and API clients may be
 * limited to one store of their organization; pole display states are rows every service instance
 * shares; unfilled items keep their request order without SQLite's rowid; service instances
 * register themselves and say which pending payments they drive, so a live one takes over what a
 * gone one left; notifications too large for PostgreSQL's NOTIFY travel through a table.
 */
export const storeServer: Migration = {
  version: 3,
  name: 'store-server',
  async up({ db, types: t, engine }) {
    const { schema } = db;
    await schema
      .alterTable('users')
      .addColumn('dispensary_id', 'text', (c) => c.references('dispensaries.id'))
      .execute();
    await schema
      .alterTable('api_clients')
      .addColumn('dispensary_id', 'text', (c) => c.references('dispensaries.id'))
      .execute();
    // Wrong passwords typed on a locked register, per session: the register waits, the account does not lock.
    await schema
      .alterTable('access_tokens')
      .addColumn('unlock_failures', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema.alterTable('access_tokens').addColumn('unlock_wait_until', 'text').execute();
    await schema
      .alterTable('order_unavailable_items')
      .addColumn('position', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    // Rows written before this migration were listed in rowid order, which only SQLite has.
    if (engine === 'sqlite') await sql`UPDATE order_unavailable_items SET position = rowid`.execute(db);
    await schema
      .createTable('service_instances')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('host', 'text', (c) => c.notNull())
      .addColumn('pid', t.integer, (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('stopped_at', 'text')
      .execute();
    await schema.alterTable('payments').addColumn('instance_id', 'text').execute();
    await schema
      .createTable('notification_overflow')
      .addColumn('id', t.autoIdType, t.autoId)
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createTable('display_states')
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('terminal_id', 'text', (c) => c.notNull())
      .addColumn('seq', t.integer, (c) => c.notNull())
      .addColumn('state_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('display_states_pk', ['dispensary_id', 'terminal_id'])
      .execute();
  },
};
