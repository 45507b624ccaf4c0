import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MigrationDatabase, type Row } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 50 counts the uses of each deal with a limit in `deal_uses`, filled from the orders a
// store has: one row per order (not canceled) and such deal that took something off one of its
// lines, with the order's store and customer — what the LIKE scan of `order_items.deal_discounts`
// counted before it.
const m = new MigrationDatabase();
afterEach(() => m.close());

const discounts = (...ids: string[]) =>
  JSON.stringify(ids.map((dealId) => ({ dealId, name: `Deal ${dealId}`, amountCents: 100 })));

async function order(id: string, status: string, customer: string | null, lines: string[]): Promise<void> {
  await m.insert('orders', {
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
    await m.insert('order_items', { id: `${id}-${index}`, order_id: id, ...line });
  }
}

describe(`migration 50 on ${TEST_ENGINE}`, () => {
  it("fills the limited deals' uses from the orders there are: one per order and deal, canceled ones aside", async () => {
    await m.open();
    await m.migrated(49);
    await m.store();
    await m.insert('products', { id: 'blue', dispensary_id: 'shop', sku: 'FLW-1', tax_class_id: 1 });
    await m.insert('packages', { id: 'pk1', product_id: 'blue', location_id: 'floor' });
    await m.insert('customers', { id: 'maria', dispensary_id: 'shop', organization_id: 'org' });
    for (const [id, limits] of [
      ['spring', { total_limit: 100 }],
      ['bundle', { per_customer_limit: 1 }],
      ['plain', {}],
    ] as const) {
      await m.insert('deals', { id, dispensary_id: 'shop', kind: 'amount', trigger: 'automatic', ...limits });
    }
    // Two lines of one deal are one use; two deals on one line are one each; a deal without a
    // limit has no uses counted.
    await order('o1', 'COMPLETED', 'maria', [discounts('spring', 'plain'), discounts('spring', 'bundle')]);
    await order('o2', 'AWAITING_PROCESSING', null, [discounts('spring'), '[]']);
    await order('o3', 'CANCELED', 'maria', [discounts('spring')]);
    await order('o4', 'PAID', null, ['[]']);

    await m.migrated(50);

    const { rows } = await sql<Row>`
      SELECT order_id, deal_id, dispensary_id, customer_id FROM deal_uses ORDER BY order_id, deal_id`.execute(m.db);
    expect(rows).toEqual([
      { order_id: 'o1', deal_id: 'bundle', dispensary_id: 'shop', customer_id: 'maria' },
      { order_id: 'o1', deal_id: 'spring', dispensary_id: 'shop', customer_id: 'maria' },
      { order_id: 'o2', deal_id: 'spring', dispensary_id: 'shop', customer_id: null },
    ]);
    // One use per order and deal; an order's uses go with it.
    await expect(
      sql`INSERT INTO deal_uses (order_id, deal_id, dispensary_id) VALUES ('o1', 'spring', 'shop')`.execute(m.db),
    ).rejects.toThrow(/unique|primary/i);
    await sql`DELETE FROM order_items WHERE order_id = 'o2'`.execute(m.db);
    await sql`DELETE FROM orders WHERE id = 'o2'`.execute(m.db);
    const left = await sql<Row>`SELECT order_id FROM deal_uses WHERE deal_id = 'spring' ORDER BY order_id`.execute(
      m.db,
    );
    expect(left.rows).toEqual([{ order_id: 'o1' }]);
  });
});
