import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';
import { drawer, reportOf } from './support/drawer-fixtures.js';

// README "Cash drawers": an X or Z report counts distinct customers on file, a sale with no customer
// on file counting as one — whoever the sale's order names, not the payment's own `customer` (which a
// register sends only with every field filled in: counting it made each sale one more customer).
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let productId: string;

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, { enabled: false });
  productId = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000'))[0]!.id;
}, 60_000);
afterAll(() => service?.close());

async function sale(customerId?: string): Promise<Ticket> {
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(store.register),
    payload: { type: 'PICKUP', items: [{ productId, quantity: 1 }], ...(customerId ? { customerId } : {}) },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

it('counts the customers on file of the shift’s sales once each, and each sale naming nobody as one', async () => {
  const ana = await store.newCustomer('Ana', 'Lopez', 7_200_000);
  const ben = await store.newCustomer('Ben', 'Okafor', 7_300_000);
  for (const customerId of [ana.id, ana.id, ben.id, ana.id, undefined, undefined]) {
    await store.payCash(await sale(customerId));
  }
  const x = reportOf(await drawer(service, store.register, 'front-1', 'x-report')).sales!;
  expect(x).toMatchObject({ sales: 6, customers: 4 });
});
