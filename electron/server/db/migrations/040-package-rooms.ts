import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { stockClaimsTrigger } from './030-stock-short.js';

/** The table-level unique constraint migration 1 gave packages, as SQLite keeps its text. */
const ONE_PER_LOCATION = `, constraint "packages_product_location" unique ("product_id", "location_id")`;

/**
 * SQLite cannot drop a constraint: the table is made again without it (SQLite's own procedure,
 * run with foreign keys off by the migrator: `rebuildsTables`), every column and row copied as
 * they are, then its index and its register trigger made again.
 */
async function rebuildPackagesWithoutOnePerLocation(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'packages'`.execute(db);
  const definition = rows[0]?.sql ?? '';
  if (!definition.includes(ONE_PER_LOCATION)) {
    throw new Error(
      'the packages table is not as migration 39 left it: its one-package-per-location key was not found',
    );
  }
  const rebuilt = definition
    .replace(ONE_PER_LOCATION, '')
    .replace(/^CREATE TABLE "packages"/, 'CREATE TABLE "packages_rebuilt"');
  await sql.raw(rebuilt).execute(db);
  await sql`INSERT INTO packages_rebuilt SELECT * FROM packages`.execute(db);
  await sql`DROP TABLE packages`.execute(db);
  await sql`ALTER TABLE packages_rebuilt RENAME TO packages`.execute(db);
  await db.schema.createIndex('packages_location').on('packages').column('location_id').execute();
  await stockClaimsTrigger(db);
}

/**
 * Migration 40: a product has several packages, in rooms (issue 30, "Packages"; docs/packages.md).
 * - `rooms`: the rooms of a store's location other than its sales floor (a vault, quarantine, a
 *   back room): `kind` storage or quarantine. The sales floor is every location's own and is no
 *   row: a package whose `room_id` is null is on it, and only those sell.
 * - `packages`: no longer one per product and location (migration 1's key dropped; an index on the
 *   pair instead); `room_id`, `packaged_on` and `expires_on` (the state's dates, YYYY-MM-DD) and
 *   `lab_results` (JSON: the certificate's THC and CBD percentages, lab, tested date). Every
 *   package made before is on the sales floor, with no dates.
 * - `package_moves`: each package moved between rooms, with the rooms' names as they were then,
 *   who moved it and why (the state system is not told of a room change yet: docs/packages.md).
 */
export const packageRooms: Migration = {
  version: 40,
  name: 'package-rooms',
  rebuildsTables: true,
  async up({ db, types: t, engine }) {
    const { schema } = db;
    await schema
      .createTable('rooms')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('storage', 'quarantine')`))
      .addColumn('archived', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('rooms_location_name', ['location_id', 'name'])
      .execute();
    for (const column of ['packaged_on', 'expires_on', 'lab_results']) {
      await schema.alterTable('packages').addColumn(column, 'text').execute();
    }
    await schema
      .alterTable('packages')
      .addColumn('room_id', 'text', (c) => c.references('rooms.id'))
      .execute();
    if (engine === 'sqlite') await rebuildPackagesWithoutOnePerLocation(db);
    else await schema.alterTable('packages').dropConstraint('packages_product_location').execute();
    await schema.createIndex('packages_product').on('packages').columns(['product_id', 'location_id']).execute();
    await schema
      .createTable('package_moves')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('dispensary_id', 'text', (c) => c.notNull().references('dispensaries.id'))
      .addColumn('package_id', 'text', (c) => c.notNull().references('packages.id'))
      .addColumn('package_label', 'text', (c) => c.notNull())
      .addColumn('from_room_id', 'text', (c) => c.references('rooms.id'))
      .addColumn('to_room_id', 'text', (c) => c.references('rooms.id'))
      .addColumn('from_room', 'text', (c) => c.notNull())
      .addColumn('to_room', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'text')
      .addColumn('actor_name', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute();
    await schema.createIndex('package_moves_package').on('package_moves').columns(['package_id', 'at']).execute();
  },
};
