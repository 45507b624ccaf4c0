import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryRepository } from '../../../electron/server/catalog/inventory-repository.js';
import type { EnrolledRegister } from '../../../shared/contracts/registers.js';
import { products, type FixtureProduct } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { lockNow } from '../support/row-locks.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// A ticket written in its transaction (a customer's, say) locks the packages it reads, while another
// sale's one statement (a write group) locks its packages first and then writes order lines pointing
// at their products. Had the transaction locked a product's row too, each would wait on the other:
// the server found the deadlock a second later, and a ticket failed once its tries were used up. A
// register's hold at its store server likewise locks its packages only as their update would.
let database: TestDatabase;
let service: DemoService;
let admin: pg.Client;
let product: FixtureProduct;

beforeAll(async () => {
  database = await freshDatabase();
  service = await demoService(database.config);
  admin = new pg.Client({ connectionString: database.config.database });
  await admin.connect();
  [product] = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 10000')) as [FixtureProduct];
});
afterAll(async () => {
  await admin?.end();
  await service?.close();
  await database?.drop();
});

describe("a ticket's locks (postgres)", () => {
  it('a locked read takes its packages as their update would, and leaves their products to other sales’ foreign keys', async () => {
    const { rows } = await admin.query<{ dispensaryId: string; locationId: string }>(
      `SELECT p.dispensary_id AS "dispensaryId", k.location_id AS "locationId"
         FROM packages k JOIN products p ON p.id = k.product_id WHERE k.id = $1`,
      [product.packageId],
    );
    const { dispensaryId, locationId } = rows[0]!;
    const inventory = new InventoryRepository(service.app.ctx.db);
    const seen = await service.app.ctx.db.write(async (tx) => {
      const read = await inventory.lockedStock(tx).packagesOf(dispensaryId, locationId, [product.id]);
      return {
        read: [...read.values()].map((sale) => sale.packageId),
        // What an order line's foreign key takes on its product; what a reservation takes on its package.
        product: await lockNow(admin, 'products', product.id, 'FOR KEY SHARE'),
        packageKeyShare: await lockNow(admin, 'packages', product.packageId, 'FOR KEY SHARE'),
        packageUpdate: await lockNow(admin, 'packages', product.packageId, 'FOR NO KEY UPDATE'),
      };
    });
    expect(seen).toEqual({
      read: [product.packageId],
      product: 'granted',
      packageKeyShare: 'granted',
      packageUpdate: 'busy',
    });
    expect(await lockNow(admin, 'packages', product.packageId, 'FOR NO KEY UPDATE')).toBe('granted');
  });
  it('a register’s hold locks its packages as their update would: an order line being written to one is not kept waiting', async () => {
    const manager = await login(service.app, 'manager', 'manager-demo-1');
    const enrolled = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/setup/registers',
      headers: { authorization: `Bearer ${manager}` },
      payload: { name: 'front-locks' },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const { register, secret } = enrolled.json<EnrolledRegister>();
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      // What a sale's order line holds on its package while it is written (its foreign key).
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM packages WHERE id = $1 FOR KEY SHARE', [product.packageId]);
      // Answered while that line is still being written (a hold taking FOR UPDATE would wait for it).
      const held = await service.request({
        method: 'POST',
        url: '/v2.0/register/holds',
        headers: { authorization: `Basic ${Buffer.from(`${register.registerId}:${secret}`).toString('base64')}` },
        payload: { holdId: randomUUID(), reservations: [{ packageId: product.packageId, milli: 1000 }] },
      });
      expect(held.statusCode, held.body).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
