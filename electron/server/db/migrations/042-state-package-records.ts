import { sql } from 'kysely';
import type { Migration } from './migration.js';

/**
 * Migration 42: the state's outbox of package records (issue 30; README "Seed-to-sale reporting").
 * - `state_package_records`: what the state is told of a store's packages besides sales and
 *   adjustments — a delivery received (`received`: each package of its manifest accepted with what
 *   arrived, or refused with the reason) and a package moved to another room (`moved`: Metrc's
 *   `packages/v2/location`). Written in the receipt's or the move's transaction, then sent by the
 *   state-reporting job as sales receipts and adjustments are. `source_id` is the receipt's or the
 *   move's id (one record each); `subject` what people look it up by (the manifest number, the
 *   package's tag); `body` the state's request body as JSON, made when the record was written.
 */
export const statePackageRecords: Migration = {
  version: 42,
  name: 'state-package-records',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('state_package_records')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('received', 'moved')`))
      .addColumn('source_id', 'text', (c) => c.notNull().unique())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('record_date', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', t.integer, (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_status_code', t.integer)
      .addColumn('last_result', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createIndex('state_package_records_due')
      .on('state_package_records')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await schema
      .createIndex('state_package_records_store_day')
      .on('state_package_records')
      .columns(['dispensary_id', 'record_date', 'created_at'])
      .execute();
  },
};
