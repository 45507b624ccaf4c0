import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialects/dialect.js';
import type { Migration } from './migration.js';

/**
 * Migration 2: payments (docs/payments.md). Processors, the methods each location takes, PIN pads,
 * payment sessions, payments with their results, refunds, paylinks and idempotency keys.
 */
export const payments: Migration = {
  version: 2,
  name: 'payments',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('payment_processors')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      // Which adapter talks to it: 'sandbox' (built in) or 'paynet' (JSON over HTTP to a gateway).
      .addColumn('kind', 'text', (c) => c.notNull())
      // JSON: the adapter's settings (paynet: gatewayUrl, merchantId, apiKey, timeoutMs).
      .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('is_default', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_processors_name', ['organization_id', 'name'])
      .execute();
    await schema
      .createTable('location_payment_methods')
      .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
      .addColumn('processor_id', 'text', (c) => c.notNull().references('payment_processors.id'))
      .addColumn('method', 'text', (c) => c.notNull())
      .addColumn('enabled', t.integer, (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('location_payment_methods_pk', ['location_id', 'processor_id', 'method'])
      .execute();
    await schema
      .createIndex('location_payment_methods_processor')
      .on('location_payment_methods')
      .column('processor_id')
      .execute();
    // PIN pads: the spec's payment device configurations.
    await schema
      .createTable('payment_devices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
      .addColumn('processor_id', 'text', (c) => c.notNull().references('payment_processors.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('serial_number', 'text', (c) => c.notNull())
      .addColumn('disabled', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('payment_devices_serial', ['processor_id', 'serial_number'])
      .execute();
    await schema.createIndex('payment_devices_location').on('payment_devices').column('location_id').execute();
    await createSessionsAndPayments(db, t);
    await createPaymentRecords(db, t);
  },
};

async function createSessionsAndPayments(db: Kysely<unknown>, t: ColumnTypes) {
  const { schema } = db;
  // One payment event of the SDK. reuse_key finds the open session a resend should answer.
  await schema
    .createTable('payment_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('dispensary_id', 'text', (c) => c.references('dispensaries.id'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('reuse_key', 'text', (c) => c.notNull())
    .addColumn('original_amount_cents', t.integer, (c) => c.notNull().check(sql`original_amount_cents > 0`))
    .addColumn('tip_cents', t.integer, (c) => c.notNull().check(sql`tip_cents >= 0`))
    // JSON: the rest of the payment event (customer, employee, taxes, location, processor name…).
    .addColumn('request_json', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('payment_sessions_reuse').on('payment_sessions').columns(['reuse_key', 'status']).execute();
  await schema.createIndex('payment_sessions_order').on('payment_sessions').column('order_id').execute();
  // A payment attempt: written 'pending' before the processor, PIN pad or customer is asked.
  let table = schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('payment_sessions.id'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('dispensary_id', 'text', (c) => c.references('dispensaries.id'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('ticket_alpha_num_id', 'text')
    .addColumn('processor_id', 'text', (c) => c.references('payment_processors.id'))
    .addColumn('processor_name', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.references('payment_devices.id'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('stage', 'text')
    .addColumn('provider_trans_type', 'text', (c) => c.notNull())
    .addColumn('provider_payment_type', 'text')
    .addColumn('payment_direction', 'text')
    .addColumn('last_action', 'text', (c) => c.notNull())
    .addColumn('amount_cents', t.integer, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('tip_cents', t.integer, (c) => c.notNull().check(sql`tip_cents >= 0`))
    .addColumn('tax_cents', t.integer)
    .addColumn('fee_cents', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('cashback_cents', t.integer, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cashback_cents >= 0`),
    )
    .addColumn('charged_cents', t.integer, (c) => c.notNull())
    .addColumn('tendered_cents', t.integer)
    .addColumn('change_cents', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('captured', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('charge_id', 'text')
    .addColumn('invoice_id', 'text')
    .addColumn('response_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('response_message', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('response_detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reference_number', 'text', (c) => c.notNull());
  for (const column of ['card_brand', 'card_last4', 'customer_json']) table = table.addColumn(column, 'text');
  await table
    .addColumn('employee_ref', 'text', (c) => c.notNull())
    .addColumn('associate_id', 'text', (c) => c.notNull())
    .addColumn('transacting_associate_id', 'text')
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await schema.createIndex('payments_session').on('payments').column('session_id').execute();
  await schema.createIndex('payments_order_status').on('payments').columns(['order_id', 'status']).execute();
  await schema
    .createIndex('payments_dispensary_created')
    .on('payments')
    .columns(['dispensary_id', 'created_at'])
    .execute();
  await schema.createIndex('payments_status').on('payments').column('status').execute();
}

async function createPaymentRecords(db: Kysely<unknown>, t: ColumnTypes) {
  const { schema } = db;
  await schema
    .createTable('payment_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('amount_cents', t.integer, (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_code', 'text', (c) => c.notNull())
    .addColumn('response_detail', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('payment_refunds_payment').on('payment_refunds').column('payment_id').execute();
  // The hosted ACH checkout: a capability URL. Only a SHA-256 of its token is kept.
  await schema
    .createTable('paylinks')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('payment_id', 'text', (c) => c.notNull().unique().references('payments.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // First answers to pay requests, per session and Idempotency-Key.
  await schema
    .createTable('payment_idempotency_keys')
    .addColumn('session_id', 'text', (c) => c.notNull().references('payment_sessions.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('payments.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_idempotency_keys_pk', ['session_id', 'idempotency_key'])
    .execute();
  // The simulated processors' own books (the sandbox, and the paynet gateway's sandbox): what a real
  // processor would hold on its side, so status lookups answer truthfully across restarts.
  await schema
    .createTable('processor_sandbox_ledger')
    .addColumn('processor', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', t.integer, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_code', 'text', (c) => c.notNull())
    .addColumn('captured', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_cents', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('processor_sandbox_ledger_pk', ['processor', 'reference'])
    .execute();
}
