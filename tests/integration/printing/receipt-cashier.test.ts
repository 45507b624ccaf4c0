import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '../../../shared/contracts/receipts.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { decodeEscPos } from '../../support/escpos-decoder.js';
import { TestPrinter } from '../../support/test-printer.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { GOOD_CARD, pay, paymentService, session, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { products } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT } from '../support/demo-service.js';
import { registerPartner, signJwt, type TestPartner } from '../support/partner-keys.js';

// Who a receipt says sold the order (README "Receipts"): a counter sale, who rang it up; an order the
// shop placed online, who took its payment at the counter, else who handed it over; no one before.
let service: PaymentHarness;
let printer: TestPrinter;
let shop: TestPartner;
let front1: string;
let productIds: string[];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  service = await paymentService();
  printer = await new TestPrinter().start();
  shop = await registerPartner(service.app, 'ES256', 'Storefront Co');
  front1 = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 20_000 }));
  const printerSet = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/printers/front-1',
    headers: bearer(service.tokens.manager),
    payload: { address: printer.address },
  });
  expect(printerSet.statusCode, printerSet.body).toBe(200);
  productIds = (await products(service.app, 'p.deli = 0 AND k.on_hand_milli - k.reserved_milli >= 5000')).map(
    (product) => product.id,
  );
}, 60_000);
afterAll(async () => {
  await printer.stop();
  await service.close();
});

/** The shop's access token: it calls as its partner, with the store's client credentials. */
async function shopHeaders(): Promise<Record<string, string>> {
  const answer = await service.request({
    method: 'POST',
    url: '/auth-v3/token',
    headers: bearer(await signJwt(shop)),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { ...DEMO_CLIENT, ...bearer(answer.json<{ token: string }>().token) };
}

/** A ticket of one unit of the `index`th product, made with `headers`. */
async function ticket(headers: Record<string, string>, index: number): Promise<Ticket> {
  const made = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers,
    payload: { type: 'PICKUP', items: [{ productId: productIds[index], quantity: 1 }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

/** Pays the ticket whole, as `token`: in cash, or by a keyed card on the shop's channel. */
async function paid(order: Ticket, token: string, by: 'cash' | 'card'): Promise<void> {
  const total = cents(order.total);
  const channel = by === 'cash' ? 'pos' : 'ecommerce';
  const opened = await session(service, token, { channel, ticketAlphaNumId: order.orderNumber, originalAmount: total });
  const body =
    by === 'cash' ? { paymentMethod: 'Cash', tenderedAmount: total } : { paymentMethod: 'Credit', card: GOOD_CARD };
  const payment = await pay(service, token, opened.sessionId, body);
  expect(payment.statusCode, payment.body).toBe(201);
}

/** Moves the order on, as `token` with the store's client credentials. */
async function moved(orderId: string, token: string, ...statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const answer = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`,
      headers: { ...DEMO_CLIENT, ...bearer(token) },
      payload: { status },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
}

/** The receipt's cashier lines (none, or one). */
async function cashierLines(orderId: string): Promise<string[]> {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/orders/${orderId}/receipt`,
    headers: bearer(service.tokens.manager),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const { lines } = answer.json<ReceiptResponse>().receipt;
  return lines.flatMap((line) => (line.kind === 'center' && line.text.startsWith('Cashier:') ? [line.text] : []));
}

describe('who a receipt says sold the order', () => {
  it('a counter sale: the cashier who rang it up', async () => {
    const sale = await ticket({ ...DEMO_CLIENT, ...bearer(front1) }, 0);
    expect(sale.source).toBe('register');
    await paid(sale, front1, 'cash');
    expect(await cashierLines(sale.orderId)).toEqual(['Cashier: Casey Cashier']);
  });

  it('an order the shop placed, picked by a manager, paid and handed over at a register: the cashier, printed too', async () => {
    const online = await ticket(await shopHeaders(), 1);
    expect(online.source).toBe('online');
    expect(await cashierLines(online.orderId)).toEqual([]);
    await moved(online.orderId, service.tokens.manager, 'IN_PROCESS', 'PACKED_READY');
    expect(await cashierLines(online.orderId)).toEqual([]);
    await paid(online, front1, 'cash');
    await moved(online.orderId, front1, 'COMPLETED');
    expect(await cashierLines(online.orderId)).toEqual(['Cashier: Casey Cashier']);

    const printed = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/registers/front-1/printer/print',
      headers: bearer(front1),
      payload: { receipt: { orderId: online.orderId } },
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const paper = decodeEscPos(printer.jobs.at(-1)!).lines.map((line) => line.trim());
    expect(paper).toContain('Cashier: Casey Cashier');
  });

  it('an order the shop placed and took the card for: no one until it is handed over, then who handed it over', async () => {
    const headers = await shopHeaders();
    const online = await ticket(headers, 2);
    await paid(online, headers.authorization!.slice('Bearer '.length), 'card');
    await moved(online.orderId, service.tokens.manager, 'IN_PROCESS', 'PACKED_READY');
    expect(await cashierLines(online.orderId)).toEqual([]);
    await moved(online.orderId, service.tokens.manager, 'COMPLETED');
    expect(await cashierLines(online.orderId)).toEqual(['Cashier: Morgan Manager']);
  });
});
