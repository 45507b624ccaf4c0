import type { Migration } from './migration.js';

/**
 * Migration 18: registers attached to a store server. On the server, `registers` holds each
 * register a manager enrolled (its own credentials, hashed; revocable). On a register, the single
 * row of `server_link` says which server and store it is attached to, with its credentials and the
 * last refresh of its replica.
 */
export const registers: Migration = {
  version: 18,
  name: 'registers',
  async up({ db }) {
    const { schema } = db;
    await schema
      .createTable('registers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull())
      .addColumn('enrolled_by', 'text', (c) => c.notNull())
      .addColumn('enrolled_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    // One register of a name at a store: enrolling it again replaces its credentials.
    await schema
      .createIndex('registers_store_name')
      .on('registers')
      .columns(['dispensary_id', 'name'])
      .unique()
      .execute();
    await schema
      .createTable('server_link')
      .addColumn('register_id', 'text', (c) => c.primaryKey())
      .addColumn('server_url', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('dispensary_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('attached_at', 'text', (c) => c.notNull())
      .addColumn('refreshed_at', 'text')
      .addColumn('last_problem', 'text')
      .execute();
  },
};
