import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialects/dialect.js';
import type { Migration } from './migration.js';

/** Kinds of the configurations the service keeps for methods taken without a PIN pad (frozen here). */
const VIRTUAL_KINDS: Record<string, { kind: string; name: string; model: string; serial: string }> = {
  Credit: { kind: 'card_not_present', name: 'Card not present', model: 'Keyed card and bank transfer', serial: 'CNP' },
  ACH: { kind: 'card_not_present', name: 'Card not present', model: 'Keyed card and bank transfer', serial: 'CNP' },
  Cash: { kind: 'cash_drawer', name: 'Cash drawer', model: 'Cash in hand', serial: 'CASH' },
};

/**
 * Migration 4: the records a register keeps beyond its sales. Every payment names the device
 * configuration it ran through (PIN pads, and now one card-not-present and one cash-drawer
 * configuration per location and processor, made here for the locations that already take those
 * methods); sessions remember their register; an audit trail of what a manager checks; a log of
 * backups.
 */
export const records: Migration = {
  version: 4,
  name: 'records',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .alterTable('payment_devices')
      .addColumn('kind', 'text', (c) => c.notNull().defaultTo('pinpad'))
      .execute();
    await schema
      .createIndex('payment_devices_virtual')
      .on('payment_devices')
      .columns(['location_id', 'processor_id', 'kind'])
      .unique()
      .where(sql<boolean>`kind <> 'pinpad'`)
      .execute();
    await createVirtualDevices(db);
    await backfillPaymentDevices(db);
    // The register (terminal id) a session works at, as its login or enrollment named it.
    await schema.alterTable('access_tokens').addColumn('terminal_id', 'text').execute();
    await createAuditEvents(db, t);
    await schema
      .createTable('backups')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('bytes', t.integer, (c) => c.notNull())
      .addColumn('automatic', t.integer, (c) => c.notNull())
      .addColumn('schema_version', t.integer, (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text', (c) => c.notNull())
      .execute();
    await schema.createIndex('backups_finished').on('backups').column('finished_at').execute();
  },
};

/** One card-not-present and one cash-drawer configuration per location and processor that takes them. */
async function createVirtualDevices(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ location_id: string; processor_id: string; method: string }>`
    SELECT DISTINCT location_id, processor_id, method FROM location_payment_methods
    WHERE method IN ('Credit', 'ACH', 'Cash') ORDER BY location_id, processor_id, method`.execute(db);
  const made = new Set<string>();
  const at = new Date().toISOString();
  for (const row of rows) {
    const virtual = VIRTUAL_KINDS[row.method]!;
    const key = `${row.location_id}|${row.processor_id}|${virtual.kind}`;
    if (made.has(key)) continue;
    made.add(key);
    await sql`INSERT INTO payment_devices
      (id, location_id, processor_id, name, model, serial_number, disabled, created_at, kind)
      VALUES (${randomUUID()}, ${row.location_id}, ${row.processor_id}, ${virtual.name}, ${virtual.model},
        ${`${virtual.serial}-${row.location_id}`}, 0, ${at}, ${virtual.kind})`.execute(db);
  }
}

/**
 * Payments taken before this migration without a device configuration get the one they ran
 * through: their store's (primary location first) of their processor and kind.
 */
async function backfillPaymentDevices(db: Kysely<unknown>): Promise<void> {
  for (const [entry, kind] of [
    ['keyed', 'card_not_present'],
    ['paylink', 'card_not_present'],
    ['cash', 'cash_drawer'],
    ['pinpad', 'pinpad'],
  ] as const) {
    // Cash payments have no processor: their store's cash drawer, whichever processor it is listed under.
    await sql`UPDATE payments SET device_id = (
        SELECT v.id FROM payment_devices v JOIN locations l ON l.id = v.location_id
        WHERE v.kind = ${kind}
          AND (payments.processor_id IS NULL OR v.processor_id = payments.processor_id)
          AND (payments.dispensary_id IS NULL OR l.dispensary_id = payments.dispensary_id)
        ORDER BY l.is_primary DESC, v.disabled, v.created_at, v.id LIMIT 1)
      WHERE device_id IS NULL AND entry = ${entry}`.execute(db);
  }
}

async function createAuditEvents(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  const { schema } = db;
  // What a manager reads: who did what, when, at which register and why. Written in the same
  // transaction as the action it records.
  await schema
    .createTable('audit_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('dispensary_id', 'text', (c) => c.references('dispensaries.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('actor_role', 'text')
    .addColumn('terminal_id', 'text')
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('amount_cents', t.integer)
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('audit_events_dispensary_at').on('audit_events').columns(['dispensary_id', 'at']).execute();
  await schema
    .createIndex('audit_events_organization_at')
    .on('audit_events')
    .columns(['organization_id', 'at'])
    .execute();
}
