import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductStock } from '../../../shared/contracts/live.js';
import { products } from '../support/catalog-fixtures.js';
import {
  cardApprovedTicket,
  payByCard,
  paymentService,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';
import { editLines, readTicket, ticketOf } from '../tickets/edit-support.js';
import { stockChannel, type StockChannel } from '../support/stock-channel.js';

// The POS reads the store's catalog at sign-in; from then on the live channel's `catalog` topic tells
// it of every move of stock an order makes (`stock.changed`), with the figures the catalog would
// answer, so no register reads its catalog again for a sale (README "Pole display and the live channel").
let service: PaymentHarness;
let baseUrl: string;
let channel: StockChannel;
/** A product sold by the piece with plenty in stock, and another. */
let product: string;
let other: string;

beforeAll(async () => {
  service = await paymentService();
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  const [one, two] = await products(service.app, "p.deli = 0 AND p.type <> 'ACCESSORY' AND k.on_hand_milli >= 20000");
  [product, other] = [one!.id, two!.id];
  channel = await stockChannel(baseUrl, service.token);
});
afterAll(async () => {
  await channel?.close();
  await service?.close();
});

/** A product's stock as `GET …/catalog` answers it (what the POS read at sign-in). */
async function catalogFigures(productId: string): Promise<ProductStock> {
  const read = await service.request({
    method: 'GET',
    url: '/v2.0/dispensary/demo/catalog?limit=200',
    headers: service.headers,
  });
  const item = read
    .json<{ items: (ProductStock & Record<string, unknown>)[] }>()
    .items.find((one) => one.productId === productId)!;
  const { quantityOnHand, quantityAvailable, inStock } = item;
  return { productId, quantityOnHand, quantityAvailable, inStock };
}

const post = (path: string, payload: object = {}) =>
  service.request({ method: 'POST', url: `/v2.0/dispensary/demo/ecommerce${path}`, headers: service.headers, payload });

describe('the stock an order moves, told on the live channel', () => {
  it('an online order: the product’s stock left, as the catalog counts it', async () => {
    const before = await catalogFigures(product);
    const told = channel.figuresOf(product, (figures) => figures.quantityAvailable === before.quantityAvailable - 5);
    const order = await ticketOf(service, [{ productId: product, quantity: 5 }]);
    expect(await told).toEqual(await catalogFigures(product));
    expect((await told).quantityOnHand).toBe(before.quantityOnHand);

    // Canceled: its units are free again.
    const freed = channel.figuresOf(product, (figures) => figures.quantityAvailable === before.quantityAvailable);
    expect((await post(`/ticket/${order.orderId}/cancel`)).statusCode).toBe(200);
    expect(await freed).toEqual(before);
  });

  it('its lines edited: the products whose claims moved, each of them', async () => {
    const order = await ticketOf(service, [
      { productId: product, quantity: 2 },
      { productId: other, quantity: 1 },
    ]);
    const [was, otherWas] = [await catalogFigures(product), await catalogFigures(other)];
    const fewer = channel.figuresOf(product, (figures) => figures.quantityAvailable === was.quantityAvailable + 1);
    const gone = channel.figuresOf(other, (figures) => figures.quantityAvailable === otherWas.quantityAvailable + 1);
    const [first, second] = order.items;
    const edited = await editLines(service, order.orderId, {
      changes: [
        { lineIndex: first!.lineIndex, quantity: 1 },
        { lineIndex: second!.lineIndex, remove: true },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await fewer).toEqual(await catalogFigures(product));
    expect(await gone).toEqual(await catalogFigures(other));
  });

  it('handed over: its units leave the shelf (on hand falls; what was held for it goes with them)', async () => {
    const made = await cardApprovedTicket(service, 3);
    const productId = (await readTicket(service, made.orderId)).items[0]!.productId;
    await payByCard(service, made);
    const before = await catalogFigures(productId);
    const gone = channel.figuresOf(productId, (figures) => figures.quantityOnHand === before.quantityOnHand - 1);
    for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const moved = await post(`/ticket/${made.orderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await gone).toEqual({ ...before, quantityOnHand: before.quantityOnHand - 1 });
  });

  it('moves told while the figures are read go out together, after them, in one event', async () => {
    const { ctx } = service.app;
    const store = await ctx.db.first(
      ctx.db.builder.selectFrom('dispensaries').select('id').where('short_name', '=', 'demo'),
    );
    // Everything told before is heard first.
    const before = await catalogFigures(other);
    const sold = channel.figuresOf(other, (figures) => figures.quantityAvailable === before.quantityAvailable - 1);
    await ticketOf(service, [{ productId: other, quantity: 1 }]);
    await sold;
    const from = channel.changes.length;
    // A busy store's sales, each told once written: the first is read at once, the two told while
    // that read is on its way are read together after it.
    const last = channel.figuresOf(other, () => true);
    ctx.stockMoves.products(store!.id, [product]);
    ctx.stockMoves.products(store!.id, [other]);
    ctx.stockMoves.products(store!.id, [product]);
    await last;
    const told = channel.changes.slice(from).map((change) => change.products.map((one) => one.productId));
    expect(told).toEqual([[product], [product, other].sort()]);
    expect(channel.changes.at(-1)!.products).toEqual(
      [await catalogFigures(product), await catalogFigures(other)].sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    );
  });
});
