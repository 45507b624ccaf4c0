import { sql, type Kysely } from 'kysely';
import type { ColumnTypes } from '../dialects/dialect.js';
import type { Migration } from './migration.js';

/** Migration 1: organizations, stores, catalog, orders, staff auth, API clients and partners. */
export const initial: Migration = {
  version: 1,
  name: 'initial',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .createTable('organizations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createTable('addresses')
      .addColumn('id', t.autoIdType, t.autoId)
      .addColumn('street', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('county', 'text')
      .addColumn('country', 'text')
      .addColumn('type', 'text')
      .addColumn('zip', 'text', (c) => c.notNull())
      .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('longitude', t.float)
      .addColumn('latitude', t.float)
      .addColumn('apt', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_primary', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema
      .createTable('dispensaries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
      .addColumn('short_name', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('preparation_minutes', t.integer, (c) => c.notNull().check(sql`preparation_minutes >= 0`))
      .addColumn('opening_hours', 'text', (c) => c.notNull())
      .addColumn('address_id', t.integer, (c) => c.notNull().references('addresses.id'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await schema
      .createTable('locations')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_primary', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema.createIndex('locations_dispensary').on('locations').column('dispensary_id').execute();
    await schema
      .createTable('tax_classes')
      .addColumn('id', t.autoIdType, t.autoId)
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addUniqueConstraint('tax_classes_dispensary_code', ['dispensary_id', 'code'])
      .execute();
    await schema
      .createTable('tax_rates')
      .addColumn('id', t.autoIdType, t.autoId)
      .addColumn('tax_class_id', t.integer, (c) => c.notNull().references('tax_classes.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('rate_ppm', t.integer, (c) => c.notNull().check(sql`rate_ppm >= 0 AND rate_ppm <= 1000000`))
      .execute();
    await schema.createIndex('tax_rates_class').on('tax_rates').column('tax_class_id').execute();
    await createCatalogTables(db, t);
    await createOrderTables(db, t);
    await createAuthTables(db, t);
  },
};

async function createCatalogTables(db: Kysely<unknown>, t: ColumnTypes) {
  const { schema } = db;
  await schema
    .createTable('products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
    .addColumn('sku', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subtype', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('weight', t.float, (c) => c.notNull())
    .addColumn('unit_type', 'text', (c) => c.notNull())
    .addColumn('barcodes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_class_id', t.integer, (c) => c.notNull().references('tax_classes.id'))
    .addColumn('deli', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('active', t.integer, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('products_dispensary_type').on('products').columns(['dispensary_id', 'type']).execute();
  await schema
    .createIndex('products_dispensary_sku')
    .unique()
    .on('products')
    .columns(['dispensary_id', 'sku'])
    .execute();
  // One sellable package of a product at a location. Quantities are thousandths of the unit.
  await schema
    .createTable('packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
    .addColumn('unit_id', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('price_cents', t.integer, (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('discount_ppm', t.integer, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`discount_ppm >= 0 AND discount_ppm <= 1000000`),
    )
    .addColumn('discount_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('on_hand_milli', t.integer, (c) => c.notNull().check(sql`on_hand_milli >= 0`))
    .addColumn('reserved_milli', t.integer, (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('packages_reserved', sql`reserved_milli >= 0 AND reserved_milli <= on_hand_milli`)
    .addUniqueConstraint('packages_product_location', ['product_id', 'location_id'])
    .execute();
  await schema.createIndex('packages_location').on('packages').column('location_id').execute();
}

async function createOrderTables(db: Kysely<unknown>, t: ColumnTypes) {
  const { schema } = db;
  let orders = schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('address_id', t.integer, (c) => c.notNull().references('addresses.id'));
  for (const money of ['sub_total', 'discount', 'tier_discount', 'tax', 'delivery', 'pay_by_points', 'total']) {
    orders = orders.addColumn(`${money}_cents`, t.integer, (c) => c.notNull());
  }
  await orders
    .addColumn('eta', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('api_client_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('orders_dispensary_number', ['dispensary_id', 'order_number'])
    .execute();
  await schema
    .createIndex('orders_dispensary_status')
    .on('orders')
    .columns(['dispensary_id', 'status', 'created_at'])
    .execute();
  await schema.createIndex('orders_dispensary_created').on('orders').columns(['dispensary_id', 'created_at']).execute();
  let items = schema
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('line_index', t.integer, (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id'));
  for (const column of ['location_id', 'type', 'subtype', 'brand', 'name', 'size']) {
    items = items.addColumn(column, 'text', (c) => c.notNull());
  }
  items = items.addColumn('weight', t.float, (c) => c.notNull());
  for (const column of ['unit_type', 'barcodes', 'package_label', 'unit_id']) {
    items = items.addColumn(column, 'text', (c) => c.notNull());
  }
  items = items
    .addColumn('deli', t.integer, (c) => c.notNull())
    .addColumn('quantity_milli', t.integer, (c) => c.notNull())
    .addColumn('original_quantity_milli', t.integer, (c) => c.notNull())
    .addColumn('refunded_quantity_milli', t.integer, (c) => c.notNull().defaultTo(0));
  for (const money of ['unit_price', 'line_sub_total', 'line_discount', 'line_tax']) {
    items = items.addColumn(`${money}_cents`, t.integer, (c) => c.notNull());
  }
  await items
    .addColumn('discount_description', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_items_order_line', ['order_id', 'line_index'])
    .execute();
  await schema
    .createTable('order_unavailable_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('requested_quantity_milli', t.integer, (c) => c.notNull())
    .addColumn('available_quantity_milli', t.integer, (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('order_unavailable_order').on('order_unavailable_items').column('order_id').execute();
  await schema
    .createTable('order_status_history')
    .addColumn('id', t.autoIdType, t.autoId)
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('order_status_history_order').on('order_status_history').column('order_id').execute();
  await schema
    .createTable('idempotency_keys')
    .addColumn('api_client_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', t.integer, (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_client_id', 'idempotency_key'])
    .execute();
}

async function createAuthTables(db: Kysely<unknown>, t: ColumnTypes) {
  const { schema } = db;
  await schema
    .createTable('applications')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('disabled', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('employee_ref', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('disabled', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Access tokens (staff logins and partner exchanges); only a SHA-256 of the token is stored.
  await schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema.createIndex('access_tokens_expiry').on('access_tokens').column('expires_at').execute();
  await schema
    .createTable('api_clients')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema
    .createTable('partners')
    .addColumn('cert_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_key_pem', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('disabled', t.integer, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await schema
    .createTable('used_jwt_ids')
    .addColumn('cert_id', 'text', (c) => c.notNull())
    .addColumn('jti', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('used_jwt_ids_pk', ['cert_id', 'jti'])
    .execute();
}
