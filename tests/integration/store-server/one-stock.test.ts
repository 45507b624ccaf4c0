import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { call, signIn, startTwoInstances, unitProducts, type StoreServer } from './two-instances.js';

// One stock for a store: tickets arriving at two instances at once never take more than is there.
let server: StoreServer;
let db: DataLayer;
let cashier: string;

beforeAll(async () => {
  server = await startTwoInstances();
  db = await openDataLayer(server.database.config);
  cashier = await signIn(server.a, 'cashier');
}, 90_000);
afterAll(async () => {
  await db.close();
  await server.stop();
});

const packageOf = (productId: string) =>
  db.first(
    db.builder
      .selectFrom('packages')
      .select(['id', 'on_hand_milli as onHand', 'reserved_milli as reserved'])
      .where('product_id', '=', productId),
  );

it('never oversells a package when two instances take tickets for it at once', { timeout: 120_000 }, async () => {
  const [scarce, plenty] = await unitProducts(server.a, cashier);
  // 30 units of the scarce product; the other is on every ticket too, in both orders, so the two
  // instances' transactions lock the same rows in every interleaving.
  const stockUp = (productId: string, units: number) =>
    db.write((tx) =>
      tx.run(
        db.builder
          .updateTable('packages')
          .set({ on_hand_milli: units * 1000, reserved_milli: 0 })
          .where('product_id', '=', productId),
      ),
    );
  await stockUp(scarce!.productId, 30);
  await stockUp(plenty!.productId, 1000);
  const plentyBefore = (await packageOf(plenty!.productId))!;
  const requests = Array.from({ length: 80 }, (_, index) => {
    const items = [
      { productId: scarce!.productId, quantity: 1 },
      { productId: plenty!.productId, quantity: 1 },
    ];
    return {
      instance: index % 2 === 0 ? server.a : server.b,
      items: index % 4 < 2 ? items : items.reverse(),
    };
  });
  const answers: { status: number; body: Record<string, unknown> }[] = [];
  // 16 in flight at a time across the two instances.
  for (let start = 0; start < requests.length; start += 16) {
    const batch = requests.slice(start, start + 16).map(({ instance, items }) =>
      call(instance, '/v2.0/dispensary/demo/ecommerce/ticket', {
        token: cashier,
        client: true,
        key: randomUUID(),
        body: { type: 'PICKUP', items },
      }),
    );
    answers.push(...(await Promise.all(batch)));
  }
  expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body)).toEqual([]);
  const filled = answers.filter((answer) =>
    (answer.body.items as { productId: string }[]).some((item) => item.productId === scarce!.productId),
  );
  expect(filled).toHaveLength(30);
  const short = answers.filter((answer) => (answer.body.unavailableItems as unknown[]).length > 0);
  expect(short).toHaveLength(50);
  expect(await packageOf(scarce!.productId)).toMatchObject({ onHand: 30_000, reserved: 30_000 });
  expect((await packageOf(plenty!.productId))!.reserved - plentyBefore.reserved).toBe(80_000);
  const sold = await db.first(
    db.builder
      .selectFrom('order_items')
      .select((eb) => eb.fn.sum<number>('quantity_milli').as('milli'))
      .where('product_id', '=', scarce!.productId),
  );
  expect(Number(sold!.milli)).toBe(30_000);
});
