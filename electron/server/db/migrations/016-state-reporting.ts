import type { Migration } from './migration.js';

/**
 * Migration 16: seed-to-sale reporting. A store's state system (base URL, keys, licence number,
 * on/off) and the outbox of its sales receipts: one record per sale, void and refund, written in
 * the transaction of the change that causes it, sent by the reporting job until the state answers
 * 200 or the tries run out.
 */
export const stateReporting: Migration = {
  version: 16,
  name: 'state-reporting',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('state_reporting_settings')
      .addColumn('dispensary_id', 'text', (c) => c.primaryKey().references('dispensaries.id'))
      .addColumn('base_url', 'text', (c) => c.notNull())
      .addColumn('vendor_key', 'text', (c) => c.notNull())
      .addColumn('user_key', 'text', (c) => c.notNull())
      .addColumn('license_number', 'text', (c) => c.notNull())
      .addColumn('enabled', t.integer, (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createTable('state_receipts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
      .addColumn('order_number', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sale_id', 'text', (c) => c.references('state_receipts.id'))
      .addColumn('sales_date_time', 'text', (c) => c.notNull())
      .addColumn('store_day', 'text', (c) => c.notNull())
      .addColumn('customer_type', 'text', (c) => c.notNull())
      .addColumn('patient_license', 'text')
      .addColumn('lines', 'text', (c) => c.notNull())
      .addColumn('total_cents', t.integer, (c) => c.notNull())
      .addColumn('refund_cents', t.integer, (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', t.integer, (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_status_code', t.integer)
      .addColumn('last_result', 'text')
      .addColumn('state_receipt_id', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The reporting job's queue: pending records by when they are due.
    await schema
      .createIndex('state_receipts_due')
      .on('state_receipts')
      .columns(['status', 'next_attempt_at'])
      .execute();
    // The back office's day of a store.
    await schema
      .createIndex('state_receipts_store_day')
      .on('state_receipts')
      .columns(['dispensary_id', 'store_day', 'created_at'])
      .execute();
    // An order's records (its latest sale, what reverses it).
    await schema.createIndex('state_receipts_order').on('state_receipts').columns(['order_id', 'created_at']).execute();
    await schema.createIndex('state_receipts_sale').on('state_receipts').column('sale_id').execute();
  },
};
