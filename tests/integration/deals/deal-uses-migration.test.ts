import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresDialect } from '../../../electron/server/db/dialects/postgres.js';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import { MIGRATIONS } from '../../../electron/server/db/migrations/index.js';
import { migrate } from '../../../electron/server/db/migrator.js';
import { freshSchema } from '../../support/postgres-schema.js';
import { postgresUrl, TEST_ENGINE } from '../../support/test-database.js';

// Migration 50 counts the uses of each deal with a limit in `deal_uses`, filled from the orders a
// store has: one row per order (not canceled) and such deal that took something off one of its
// lines, with the order's store and customer — what the LIKE scan of `order_items.deal_discounts`
// counted before it.
type Row = Record<string, string | number | null>;
let db: Kysely<unknown>;
let done: () => Promise<void> = async () => undefined;
afterEach(() => done());

async function open(): Promise<void> {
  if (TEST_ENGINE === 'sqlite') {
    const conn = new Database(':memory:');
    conn.pragma('foreign_keys = ON');
    db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: conn }) });
    done = () => db.destroy();
    return;
  }
  const schema = await freshSchema(postgresUrl());
  db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: schema.url }) }) });
  done = async () => {
    await db.destroy();
    await schema.drop();
  };
}

const migrated = (upTo: number) =>
  migrate(
    db,
    TEST_ENGINE,
    TEST_ENGINE === 'sqlite' ? sqliteDialect : postgresDialect,
    MIGRATIONS.filter((m) => m.version <= upTo),
  );

/** The NOT NULL columns of `table` without a default, with their types. */
async function required(table: string): Promise<{ name: string; type: string }[]> {
  const query =
    TEST_ENGINE === 'sqlite'
      ? sql<{ name: string; type: string }>`
          SELECT name, type FROM pragma_table_info(${table}) WHERE "notnull" = 1 AND dflt_value IS NULL AND pk = 0`
      : sql<{ name: string; type: string }>`
          SELECT column_name AS name, data_type AS type FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table}
            AND is_nullable = 'NO' AND column_default IS NULL`;
  return (await query.execute(db)).rows;
}

/** Inserts `values`, filling every other NOT NULL column without a default with a value of its type. */
async function insert(table: string, values: Row): Promise<void> {
  const row: Row = { ...values };
  for (const c of await required(table)) {
    if (!(c.name in row)) row[c.name] = /int|real|numeric|double/i.test(c.type) ? 0 : `${table}-${c.name}`;
  }
  const names = Object.keys(row);
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))})
    VALUES (${sql.join(names.map((n) => row[n]))})`.execute(db);
}

const discounts = (...ids: string[]) =>
  JSON.stringify(ids.map((dealId) => ({ dealId, name: `Deal ${dealId}`, amountCents: 100 })));

async function order(id: string, status: string, customer: string | null, lines: string[]): Promise<void> {
  await insert('orders', {
    id,
    dispensary_id: 'shop',
    location_id: 'floor',
    address_id: 1,
    order_number: id,
    status,
    customer_id: customer,
  });
  for (const [index, deals] of lines.entries()) {
    const line = { product_id: 'blue', package_id: 'pk1', line_index: index, deal_discounts: deals };
    await insert('order_items', { id: `${id}-${index}`, order_id: id, ...line });
  }
}

describe(`migration 50 on ${TEST_ENGINE}`, () => {
  it("fills the limited deals' uses from the orders there are: one per order and deal, canceled ones aside", async () => {
    await open();
    await migrated(49);
    await insert('organizations', { id: 'org' });
    await insert('addresses', { id: 1 });
    await insert('dispensaries', { id: 'shop', organization_id: 'org', short_name: 'shop', address_id: 1 });
    await insert('tax_classes', { id: 1, dispensary_id: 'shop' });
    await insert('locations', { id: 'floor', dispensary_id: 'shop' });
    await insert('products', { id: 'blue', dispensary_id: 'shop', sku: 'FLW-1', tax_class_id: 1 });
    await insert('packages', { id: 'pk1', product_id: 'blue', location_id: 'floor' });
    await insert('customers', { id: 'maria', dispensary_id: 'shop', organization_id: 'org' });
    for (const [id, limits] of [
      ['spring', { total_limit: 100 }],
      ['bundle', { per_customer_limit: 1 }],
      ['plain', {}],
    ] as const) {
      await insert('deals', { id, dispensary_id: 'shop', kind: 'amount', trigger: 'automatic', ...limits });
    }
    // Two lines of one deal are one use; two deals on one line are one each; a deal without a
    // limit has no uses counted.
    await order('o1', 'COMPLETED', 'maria', [discounts('spring', 'plain'), discounts('spring', 'bundle')]);
    await order('o2', 'AWAITING_PROCESSING', null, [discounts('spring'), '[]']);
    await order('o3', 'CANCELED', 'maria', [discounts('spring')]);
    await order('o4', 'PAID', null, ['[]']);

    await migrated(50);

    const { rows } = await sql<Row>`
      SELECT order_id, deal_id, dispensary_id, customer_id FROM deal_uses ORDER BY order_id, deal_id`.execute(db);
    expect(rows).toEqual([
      { order_id: 'o1', deal_id: 'bundle', dispensary_id: 'shop', customer_id: 'maria' },
      { order_id: 'o1', deal_id: 'spring', dispensary_id: 'shop', customer_id: 'maria' },
      { order_id: 'o2', deal_id: 'spring', dispensary_id: 'shop', customer_id: null },
    ]);
    // One use per order and deal; an order's uses go with it.
    await expect(
      sql`INSERT INTO deal_uses (order_id, deal_id, dispensary_id) VALUES ('o1', 'spring', 'shop')`.execute(db),
    ).rejects.toThrow(/unique|primary/i);
    await sql`DELETE FROM order_items WHERE order_id = 'o2'`.execute(db);
    await sql`DELETE FROM orders WHERE id = 'o2'`.execute(db);
    const left = await sql<Row>`SELECT order_id FROM deal_uses WHERE deal_id = 'spring' ORDER BY order_id`.execute(db);
    expect(left.rows).toEqual([{ order_id: 'o1' }]);
  });
});
