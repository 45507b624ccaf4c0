import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductStock } from '../../../shared/contracts/live.js';
import { stockChannel } from '../support/stock-channel.js';
import { call, signIn, startTwoInstances, ticket, unitProducts, type StoreServer } from './two-instances.js';

// On a database instances share, a sale's stock moves go to every instance as ids (`stock.moved`),
// and each instance whose screens follow the store's catalog reads the figures for them itself
// (catalog/stock-news.ts): a POS on either instance hears the sale made on the other, once.
let server: StoreServer;
let cashier: string;
let products: { productId: string }[];

beforeAll(async () => {
  server = await startTwoInstances();
  cashier = await signIn(server.a, 'cashier');
  products = await unitProducts(server.a, cashier);
}, 90_000);
afterAll(() => server.stop());

/** A product's figures as the catalog of `instance` answers them. */
async function catalogFigures(instance: StoreServer['a'], productId: string): Promise<ProductStock> {
  const page = await call(instance, '/v2.0/dispensary/demo/catalog?limit=200', { token: cashier });
  const item = (page.body.items as (ProductStock & Record<string, unknown>)[]).find(
    (one) => one.productId === productId,
  )!;
  const { quantityOnHand, quantityAvailable, inStock } = item;
  return { productId, quantityOnHand, quantityAvailable, inStock };
}

describe('stock moved on one instance, told on the catalog streams of both (postgres)', { timeout: 60_000 }, () => {
  it("a sale on A: B's followers and A's each hear the product's new figures once", async () => {
    const [onA, onB] = [await stockChannel(server.a.url, cashier), await stockChannel(server.b.url, cashier)];
    try {
      const { productId } = products[0]!;
      const before = await catalogFigures(server.b, productId);
      const sold = (figures: ProductStock) => figures.quantityAvailable === before.quantityAvailable - 2;
      const [heardOnA, heardOnB] = [onA.figuresOf(productId, sold), onB.figuresOf(productId, sold)];
      await ticket(server.a, cashier, productId, 2);
      const after = await catalogFigures(server.b, productId);
      expect(await heardOnB).toEqual(after);
      expect(await heardOnA).toEqual(after);
      // Then a sale on B: each stream hears one event for each sale, the figures of that sale.
      const again = (figures: ProductStock) => figures.quantityAvailable === after.quantityAvailable - 1;
      const [againOnA, againOnB] = [onA.figuresOf(productId, again), onB.figuresOf(productId, again)];
      await ticket(server.b, cashier, productId, 1);
      expect(await againOnA).toEqual(await catalogFigures(server.a, productId));
      expect(await againOnB).toEqual(await catalogFigures(server.a, productId));
      for (const channel of [onA, onB]) {
        const told = channel.changes.flatMap((change) => change.products).filter((one) => one.productId === productId);
        expect(told.map((one) => one.quantityAvailable)).toEqual([
          before.quantityAvailable - 2,
          before.quantityAvailable - 3,
        ]);
      }
    } finally {
      await onA.close();
      await onB.close();
    }
  });
});
