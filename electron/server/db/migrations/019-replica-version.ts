import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 19: the store server's replica version, one row counting the set-up changes (catalog,
 * taxes, staff, payment configuration, printers, store settings). Attached registers read it with
 * every check that the server answers, and refresh their replica when it moved.
 */
export const replicaVersion: Migration = {
  version: 19,
  name: 'replica-version',
  async up({ db, types: t }) {
    await db.schema
      .createTable('replica_version')
      .addColumn('id', t.integer, (c) => c.primaryKey())
      .addColumn('version', t.integer, (c) => c.notNull())
      .execute();
    await sql`INSERT INTO replica_version (id, version) VALUES (1, 0)`.execute(db);
  },
};
