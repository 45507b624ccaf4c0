import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../electron/server/db/query.js';
import { CustomersRepository } from '../../../electron/server/customers/customers-repository.js';
import { ReceivingRepository } from '../../../electron/server/inventory/receiving-repository.js';
import { LocationsRepository } from '../../../electron/server/payments/store/locations-repository.js';
import { ProductsRepository } from '../../../electron/server/products/products-repository.js';
import { OrdersRepository } from '../../../electron/server/tickets/orders-repository.js';
import { addCustomer } from '../printing/support/customer-sales.js';
import { createTicket } from '../payments/support/payment-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { lockNow } from '../support/row-locks.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// A write that holds a row to take turns with other writes of it (a store's row while a product's
// barcodes are checked, an organization's while a delivery's tags are, an order while it changes)
// locks it as its update would: other writes of it wait, and a sale's rows pointing at it (their
// foreign keys, FOR KEY SHARE) do not. FOR UPDATE would hold up every order of the store while a
// manager saved a product.
let database: TestDatabase;
let service: DemoService;
let admin: pg.Client;
let ids: { dispensary: string; organization: string; order: string; customer: string };

beforeAll(async () => {
  database = await freshDatabase();
  service = await demoService(database.config);
  admin = new pg.Client({ connectionString: database.config.database });
  await admin.connect();
  const { rows } = await admin.query<{ dispensary: string; organization: string }>(
    "SELECT id AS dispensary, organization_id AS organization FROM dispensaries WHERE short_name = 'demo'",
  );
  const { orderId } = await createTicket(service);
  const customer = await addCustomer(service, service.token, 'D5200001');
  ids = { ...rows[0]!, order: orderId, customer: customer.id };
});
afterAll(async () => {
  await admin?.end();
  await service?.close();
  await database?.drop();
});

type Table = Parameters<typeof lockNow>[1];

/** What other connections get on `table`'s row `id` while a write holds it by `lock`. */
async function whileHeld(lock: (tx: Queryable) => Promise<unknown>, table: Table, id: string) {
  const seen = await service.app.ctx.db.write(async (tx) => {
    await lock(tx);
    return {
      foreignKey: await lockNow(admin, table, id, 'FOR KEY SHARE'),
      update: await lockNow(admin, table, id, 'FOR NO KEY UPDATE'),
    };
  });
  // And nothing is left held once the write ended.
  expect(await lockNow(admin, table, id, 'FOR NO KEY UPDATE')).toBe('granted');
  return seen;
}

const TAKING_TURNS = { foreignKey: 'granted', update: 'busy' };

describe('rows held while a write takes its turn (postgres)', () => {
  it("the store's row, while a product's barcodes or a location's name are checked", async () => {
    const { db } = service.app.ctx;
    const products = new ProductsRepository(db);
    expect(await whileHeld((tx) => products.lockStore(tx, ids.dispensary), 'dispensaries', ids.dispensary)).toEqual(
      TAKING_TURNS,
    );
    const locations = new LocationsRepository(db);
    const renaming = (tx: Queryable) => locations.add(tx, ids.dispensary, 'Held back room');
    expect(await whileHeld(renaming, 'dispensaries', ids.dispensary)).toEqual(TAKING_TURNS);
  });

  it("the organization's row, while a delivery's tags and manifest are checked", async () => {
    const receiving = new ReceivingRepository(service.app.ctx.db);
    const held = (tx: Queryable) => receiving.lockOrganization(tx, ids.organization);
    expect(await whileHeld(held, 'organizations', ids.organization)).toEqual(TAKING_TURNS);
  });

  it('an order and a customer, while they change', async () => {
    const { db } = service.app.ctx;
    const orders = new OrdersRepository(db, service.app.changes.orders);
    const order = async (tx: Queryable) => expect(await orders.lockById(tx, ids.dispensary, ids.order)).toBeDefined();
    expect(await whileHeld(order, 'orders', ids.order)).toEqual(TAKING_TURNS);
    const customers = new CustomersRepository(db);
    const customer = async (tx: Queryable) =>
      expect(await customers.lock(tx, ids.dispensary, ids.customer)).toBeDefined();
    expect(await whileHeld(customer, 'customers', ids.customer)).toEqual(TAKING_TURNS);
  });
});
