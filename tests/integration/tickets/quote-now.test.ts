import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import type { TicketQuote } from '../../../shared/contracts/ticket.js';
import { products, setStock, type FixtureProduct } from '../support/catalog-fixtures.js';
import { cents, demoService, type DemoService } from '../support/demo-service.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// A quote reads the packages of a cart priced again from memory while nothing is written (SQLite's
// change epoch; PostgreSQL reads them every time): what a sale of this service, or another process
// (the command line, a manager's price change), wrote shows in the very next quote.
let database: TestDatabase;
let service: DemoService;
let other: DataLayer;
let product: FixtureProduct;

beforeAll(async () => {
  // The service's readings of the file's version are timed by a clock the test moves (see below).
  vi.useFakeTimers({ toFake: ['performance'] });
  database = await freshDatabase();
  service = await demoService(database.config);
  other = await openDataLayer({ ...database.config, poolSize: 1, listen: false });
  product = (await products(service.app, 'p.deli = 0 AND k.price_cents > 0'))[0]!;
  await setStock(service.app, product.id, 3000);
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  await other?.close();
  await service?.close();
  await database?.drop();
});

const cart = (quantity: number) => ({ type: 'PICKUP', items: [{ productId: product.id, quantity }] });
async function quote(quantity: number): Promise<TicketQuote> {
  const answer = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket/quote',
    headers: service.headers,
    payload: cart(quantity),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TicketQuote>();
}

describe('a quote of a cart priced again', () => {
  it("shows this service's sale of the last units at once", async () => {
    expect((await quote(3)).unavailableItems).toEqual([]);
    expect((await quote(3)).items[0]!.quantity).toBe(3);
    const sold = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: service.headers,
      payload: cart(2),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await quote(3)).unavailableItems).toEqual([
      { productId: product.id, requestedQuantity: 3, availableQuantity: 1, reason: 'INSUFFICIENT_STOCK' },
    ]);
  });

  it("shows another process's price change once that process committed", async () => {
    const before = cents((await quote(1)).items[0]!.priceSell);
    await other.write((tx) =>
      tx.run(
        other.builder
          .updateTable('packages')
          .set({ price_cents: product.priceCents + 100 })
          .where('product_id', '=', product.id),
      ),
    );
    // A reading of the file's version stands for a millisecond (SqliteDataLayer.cacheEpoch).
    vi.advanceTimersByTime(2);
    expect(cents((await quote(1)).items[0]!.priceSell)).toBe(before + 100);
  });
});
