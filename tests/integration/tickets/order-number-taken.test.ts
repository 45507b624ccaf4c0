import { afterAll, beforeAll, expect, it } from 'vitest';
import { newOrderNumber } from '../../../electron/server/core/order-number.js';
import { count, products, stock, type FixtureProduct } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';

// The numbers the service draws, in order: the second ticket draws the first one's number first.
const draws = { numbers: [] as string[] };

let service: DemoService;
let product: FixtureProduct;

beforeAll(async () => {
  service = await demoService({ orderNumbers: () => draws.numbers.shift() ?? newOrderNumber() });
  [product] = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli >= 10000')) as [FixtureProduct];
});
afterAll(() => service.close());

const ticket = () =>
  service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items: [{ productId: product.id, quantity: 2 }] },
  });

it('draws another number when the one drawn is taken, and writes the order once', async () => {
  const ordersBefore = await count(service.app, 'orders');
  const linesBefore = await count(service.app, 'order_items');
  const before = await stock(service.app, product.id);
  draws.numbers.push('TAKEN2', 'TAKEN2', 'TAKEN2', 'FRESH3');
  const first = await ticket();
  expect(first.statusCode, first.body).toBe(201);
  expect(first.json<{ orderNumber: string }>().orderNumber).toBe('TAKEN2');
  const second = await ticket();
  expect(second.statusCode, second.body).toBe(201);
  expect(second.json<{ orderNumber: string }>().orderNumber).toBe('FRESH3');
  // The attempts with a taken number left nothing behind: two orders, two lines, four units reserved.
  expect(await count(service.app, 'orders')).toBe(ordersBefore + 2);
  expect(await count(service.app, 'order_items')).toBe(linesBefore + 2);
  expect((await stock(service.app, product.id)).reservedMilli).toBe(before.reservedMilli + 4000);
});
