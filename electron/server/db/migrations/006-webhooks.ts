import type { Migration } from './migration.js';

/**
 * Migration 6: webhooks. Endpoints of an organization (or one of its stores); events written in the
 * transaction of the change they announce (the outbox), sequenced per order; one delivery per event
 * and endpoint, tried until the endpoint answers 2xx or three days have passed.
 */
export const webhooks: Migration = {
  version: 6,
  name: 'webhooks',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('dispensary_id', 'text', (c) => c.references('dispensaries.id'))
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('allow_local', t.integer, (c) => c.notNull())
      .addColumn('disabled', t.integer, (c) => c.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('disabled_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createIndex('webhook_endpoints_organization')
      .on('webhook_endpoints')
      .column('organization_id')
      .execute();
    await schema
      .createTable('webhook_sequences')
      .addColumn('subject_id', 'text', (c) => c.primaryKey())
      .addColumn('last', t.integer, (c) => c.notNull())
      .execute();
    await schema
      .createTable('webhook_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('organization_id', 'text', (c) => c.notNull())
      .addColumn('dispensary_id', 'text')
      .addColumn('subject_id', 'text', (c) => c.notNull())
      .addColumn('sequence', t.integer, (c) => c.notNull())
      .addColumn('order_number', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('webhook_events_subject_sequence', ['subject_id', 'sequence'])
      .execute();
    await schema
      .createTable('webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id'))
      .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', t.integer, (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('give_up_at', 'text', (c) => c.notNull())
      .addColumn('last_attempt_at', 'text')
      .addColumn('last_status_code', t.integer)
      .addColumn('last_result', 'text')
      .addColumn('delivered_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('webhook_deliveries_event_endpoint', ['event_id', 'endpoint_id'])
      .execute();
    // The dispatcher's queue: pending deliveries by when they are due.
    await schema
      .createIndex('webhook_deliveries_due')
      .on('webhook_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    // The delivery log: an endpoint's deliveries newest first.
    await schema
      .createIndex('webhook_deliveries_endpoint')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'created_at', 'id'])
      .execute();
  },
};
