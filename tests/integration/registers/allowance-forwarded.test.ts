import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowanceHarness, customerIdOf, flowerLines, type AllowanceHarness } from './allowance-support.js';

// The allowance a register's sale holds at the store server gives way to the sale's order when the
// register forwards it: counted once throughout, as the hold or as the order, even when a batch of
// the register's changes ends inside the sale.
let server: AllowanceHarness;

beforeAll(async () => {
  server = await allowanceHarness(60_000);
}, 60_000);
afterAll(() => server.service.close());

describe("a customer's allowance held at the store server", () => {
  it("gives way to the sale's order once all its lines are forwarded, counting the sale once throughout", async () => {
    const customerId = customerIdOf(await server.newCustomer('D4000003'));
    const holdId = randomUUID();
    const twoLines = { customerId, lines: [...flowerLines(10), ...flowerLines(10)] };
    const held = await server.service.request({
      method: 'POST',
      url: '/v2.0/register/holds',
      headers: { authorization: server.front1 },
      payload: { holdId, reservations: [{ packageId: server.packageId, milli: 20_000 }], allowance: twoLines },
    });
    expect(held.statusCode, held.body).toBe(200);
    // The register's order, as it forwards it: rows shaped as the server's own (a ticket of another customer).
    const template = await server.online(customerIdOf(await server.newCustomer('D4000004')), 1);
    expect(template.statusCode, template.body).toBe(201);
    const { db } = server.service.app.ctx;
    const order = (await db.first(
      db.builder.selectFrom('orders').selectAll().where('id', '=', template.json<{ orderId: string }>().orderId),
    ))!;
    const line = (await db.first(db.builder.selectFrom('order_items').selectAll().where('order_id', '=', order.id)))!;
    const item = (index: number) => ({
      ...line,
      id: randomUUID(),
      order_id: holdId,
      line_index: index,
      product_id: server.flower,
      package_id: server.packageId,
      type: 'FLOWER',
      deli: 1,
      quantity_milli: 10_000,
      original_quantity_milli: 10_000,
      cannabis_weight_mg: null,
      thc_mg: null,
    });
    const forward = (after: number, records: unknown[]) =>
      server.service.request({
        method: 'POST',
        url: '/v2.0/register/forward',
        headers: { authorization: server.front1 },
        payload: { queueId: 'front-1-queue', after, records },
      });
    const tenMore = () => server.hold(server.front2, randomUUID(), customerId, 10);

    // A batch that ends inside the sale: the order and its first line. The hold still stands for it.
    const firstBatch = await forward(0, [
      {
        seq: 1,
        table: 'orders',
        op: 'upsert',
        row: { ...order, id: holdId, order_number: 'REG001', customer_id: customerId },
      },
      { seq: 2, table: 'order_items', op: 'upsert', row: item(1) },
    ]);
    expect(firstBatch.json(), firstBatch.body).toMatchObject({ forwardedSeq: 2, exceptions: 0 });
    expect(await server.held(holdId)).toHaveLength(2);
    expect((await tenMore()).statusCode).toBe(409);
    // Its last line: the order counts now, and the hold is gone.
    const secondBatch = await forward(2, [{ seq: 3, table: 'order_items', op: 'upsert', row: item(2) }]);
    expect(secondBatch.json(), secondBatch.body).toMatchObject({ forwardedSeq: 3, exceptions: 0 });
    expect(await server.held(holdId)).toEqual([]);
    const refused = await tenMore();
    expect(refused.json()).toMatchObject({ resultDetail: expect.stringMatching(/8\.5 g left today/) });
    expect((await server.hold(server.front2, randomUUID(), customerId, 8.5)).statusCode).toBe(200);
  });
});
