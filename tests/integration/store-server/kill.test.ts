import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn, unitProducts } from './two-instances.js';

// SIGKILL an instance of a store server while it takes tickets: after a restart every ticket it
// answered is there whole, and no request made two orders (a retry with its key replays the first).
let database: TestDatabase;
let db: DataLayer;

beforeAll(async () => {
  database = await freshDatabase();
  db = await openDataLayer(database.config);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

interface Sent {
  key: string;
  items: { productId: string; quantity: number }[];
  orderId?: string;
}

it(
  'keeps every answered ticket whole and none doubled when an instance is killed under load',
  { timeout: 120_000 },
  async () => {
    let instance: ServiceProcess = await startService(instanceArgs(database));
    const cashier = await signIn(instance, 'cashier');
    const products = (await unitProducts(instance, cashier)).slice(0, 6);
    for (const { productId } of products) {
      await db.write((tx) =>
        tx.run(
          db.builder
            .updateTable('packages')
            .set({ on_hand_milli: 10_000_000, reserved_milli: 0 })
            .where('product_id', '=', productId),
        ),
      );
    }
    const sent: Sent[] = [];
    let stopped = false;
    const lane = async (offset: number) => {
      for (let index = offset; !stopped; index += 8) {
        const request: Sent = {
          key: randomUUID(),
          items: [0, 1, 2].map((k) => ({ productId: products[(index + k) % products.length]!.productId, quantity: 1 })),
        };
        sent.push(request);
        try {
          const answer = await call(instance, '/v2.0/dispensary/demo/ecommerce/ticket', {
            token: cashier,
            client: true,
            key: request.key,
            body: { type: 'PICKUP', items: request.items },
          });
          if (answer.status === 201) request.orderId = answer.body.orderId as string;
        } catch {
          return; // the instance died under this request
        }
      }
    };
    const lanes = Array.from({ length: 8 }, (_, offset) => lane(offset));
    // Killed under load once it has answered a few dozen tickets (a busy machine takes longer to).
    const deadline = Date.now() + 20_000;
    while (sent.filter((request) => request.orderId).length < 30 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await instance.stop('SIGKILL');
    stopped = true;
    await Promise.all(lanes);
    const answered = sent.filter((request) => request.orderId);
    expect(answered.length).toBeGreaterThan(20);

    instance = await startService(instanceArgs(database));
    try {
      // Every answered ticket is there, with its three lines and its first status.
      for (const request of answered) {
        const ticket = await call(instance, `/v2.0/dispensary/demo/ecommerce/ticket/${request.orderId}`, {
          token: cashier,
          client: true,
        });
        expect(ticket.status).toBe(200);
        expect((ticket.body.items as unknown[]).length).toBe(3);
      }
      // Retrying every request with its key: an answered one replays its order, one that was cut off
      // either replays what was committed or is made now; never a second order for one key.
      const orderOf = new Map<string, string>();
      for (const request of sent) {
        const retried = await call(instance, '/v2.0/dispensary/demo/ecommerce/ticket', {
          token: cashier,
          client: true,
          key: request.key,
          body: { type: 'PICKUP', items: request.items },
        });
        expect(retried.status).toBe(201);
        if (request.orderId) expect(retried.body.orderId).toBe(request.orderId);
        orderOf.set(request.key, retried.body.orderId as string);
      }
      const orders = await db.all(db.builder.selectFrom('orders').select('id'));
      expect(new Set(orders.map((order) => order.id))).toEqual(new Set(orderOf.values()));
      // No torn order: each has its lines, and the stock reserved is exactly what the orders hold.
      const lines = await db.first(
        db.builder
          .selectFrom('order_items')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('quantity_milli').as('milli')]),
      );
      expect(Number(lines!.n)).toBe(orders.length * 3);
      const reserved = await db.first(
        db.builder
          .selectFrom('packages')
          .select((eb) => eb.fn.sum<number>('reserved_milli').as('milli'))
          .where(
            'product_id',
            'in',
            products.map((product) => product.productId),
          ),
      );
      expect(Number(reserved!.milli)).toBe(Number(lines!.milli));
    } finally {
      await instance.stop();
    }
  },
);
