import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InventoryRepository } from '../../../electron/server/catalog/inventory-repository.js';
import { addCustomer } from '../printing/support/customer-sales.js';
import { products, type FixtureProduct } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { enrolledRegister } from '../support/registers.js';
import { blockedBy, lockNow } from '../support/row-locks.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// A ticket written in its transaction (a customer's, say) locks the packages it reads, while another
// sale's one statement (a write group) locks its packages first and then writes order lines pointing
// at their products, and its Idempotency-Key. Had the transaction locked a product's row too, or
// claimed the key before the package, each would wait on the other: the server found the deadlock a
// second later, and a ticket failed once its tries were used up. A register's hold at its store
// server likewise locks its packages only as their update would.
const URL = '/v2.0/dispensary/demo/ecommerce/ticket';
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

const post = (payload: object, key: string) =>
  service.request({ method: 'POST', url: URL, headers: { ...service.headers, 'idempotency-key': key }, payload });

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
  it('takes its packages before it claims its Idempotency-Key, as a grouped write does', async () => {
    const buyer = await addCustomer(service, service.token, 'D5100001');
    const body = { type: 'PICKUP', items: [{ productId: product.id, quantity: 1 }], customerId: buyer.id };
    // Whose keys the demo client's are: a first ticket's key tells.
    const probe = `probe-${randomUUID()}`;
    expect((await post(body, probe)).statusCode).toBe(201);
    const { scope } = (
      await admin.query<{ scope: string }>(
        'SELECT api_client_id AS scope FROM idempotency_keys WHERE idempotency_key = $1',
        [probe],
      )
    ).rows[0]!;

    const key = `ordered-${randomUUID()}`;
    const holder = new pg.Client({ connectionString: database.config.database });
    await holder.connect();
    try {
      // Another sale's group: its package locked, its key about to be written.
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM packages WHERE id = $1 FOR NO KEY UPDATE', [product.packageId]);
      const ticket = post(body, key);
      await blockedBy(admin, holder);
      // The ticket waits for the package and has claimed nothing: the key is written without waiting.
      // A key claimed first would hold this insert until the ticket's transaction ended; it gives up
      // waiting before the server's deadlock check (after a second) could end either.
      await holder.query("SET LOCAL lock_timeout = '100ms'");
      const written = await holder.query(
        `INSERT INTO idempotency_keys (api_client_id, idempotency_key, request_hash, status_code, response_json, created_at)
         VALUES ($1, $2, 'another request', 201, '{}', '2026-12-03T00:00:00.000Z')`,
        [scope, key],
      );
      expect(written.rowCount).toBe(1);
      await holder.query('ROLLBACK');
      const answer = await ticket;
      expect(answer.statusCode, answer.body).toBe(201);
    } finally {
      await holder.end();
    }
  });
  it('a register’s hold locks its packages as their update would: an order line being written to one is not kept waiting', async () => {
    const manager = await login(service.app, 'manager', 'manager-demo-1');
    const { authorization } = await enrolledRegister(service.app, manager, 'front-locks');
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
        headers: { authorization },
        payload: { holdId: randomUUID(), reservations: [{ packageId: product.packageId, milli: 1000 }] },
      });
      expect(held.statusCode, held.body).toBe(200);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
