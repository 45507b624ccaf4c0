import type { Migration } from './migration.js';

/**
 * Migration 12: a dispensary's customers (issue 14). Who they are as their ID says, adult-use or
 * medical (the recommendation's number, expiry and own limits as JSON), how to reach them. One
 * customer per ID at a store (its issuer and number, a unique constraint). The register searches by
 * name, phone and ID number as prefixes: the names are also kept as lower-case search keys
 * (`first_key`, `last_key`: letters and digits only), the phone as digits and the ID number in upper
 * case, so one range on an ordinary index serves both engines (no LIKE or ILIKE, whose case rules
 * and index use differ between them).
 */
export const customers: Migration = {
  version: 12,
  name: 'customers',
  async up({ db }) {
    const { schema } = db;
    await schema
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('middle_name', 'text')
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('first_key', 'text', (c) => c.notNull())
      .addColumn('last_key', 'text', (c) => c.notNull())
      .addColumn('date_of_birth', 'text', (c) => c.notNull())
      .addColumn('id_type', 'text', (c) => c.notNull())
      .addColumn('id_number', 'text', (c) => c.notNull())
      .addColumn('id_jurisdiction', 'text', (c) => c.notNull())
      .addColumn('id_expiry', 'text', (c) => c.notNull())
      .addColumn('customer_type', 'text', (c) => c.notNull())
      .addColumn('medical_number', 'text')
      .addColumn('medical_expiry', 'text')
      .addColumn('medical_limits', 'text')
      .addColumn('phone', 'text')
      .addColumn('email', 'text')
      .addColumn('notes', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('created_by_id', 'text')
      .addColumn('created_by_name', 'text', (c) => c.notNull())
      .addUniqueConstraint('customers_one_per_id', ['dispensary_id', 'id_jurisdiction', 'id_number'])
      .execute();
    const index = (name: string, columns: string[]) =>
      schema.createIndex(`customers_${name}`).on('customers').columns(columns).execute();
    // "garcia, mar" reads the last name's range and the first names within it.
    await index('last_key', ['dispensary_id', 'last_key', 'first_key']);
    await index('first_key', ['dispensary_id', 'first_key']);
    await index('phone', ['dispensary_id', 'phone']);
    await index('id_number', ['dispensary_id', 'id_number']);
    await index('created', ['dispensary_id', 'created_at', 'id']);
  },
};
