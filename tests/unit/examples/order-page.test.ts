import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { orderUpdates } from '../../../examples/integrator/order-updates.js';
import { orderPage } from '../../../examples/integrator/order-page.js';
import { orderSentence, orderView, payAtPickupClosed } from '../../../examples/integrator/order-words.js';
import type { Order } from '../../../examples/integrator/ticket-shapes.js';
import { OrderNewsBook, webhookReceiver } from '../../../examples/integrator/webhook-receiver.js';

// The example shop's order page says what the customer still pays (README "The `_servicepay` SDK"):
// an order paid in part at the counter leaves the rest, not its whole total, to pay at pickup.
const context = { serviceOrigin: 'http://127.0.0.1:4610', nonce: 'n', config: {} };
const order = (fields: Partial<Order>): Order => ({
  orderId: 'o1',
  orderNumber: 'X5YA2D',
  status: 'AWAITING_PROCESSING',
  fulfillmentStatus: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  eta: 'Ready by 4:30 PM',
  total: 2440,
  paid: 0,
  refunded: 0,
  ...fields,
});
const paidLine = (page: string) => /<p id="paid">([^<]*)<\/p>/.exec(page)?.[1];

describe("the example shop's order page", () => {
  it('says the whole total, the rest after a part payment, or what a canceled order gave back', () => {
    expect(paidLine(orderPage(context, order({}), []))).toBe('Pay $24.40 at pickup (bring your ID).');
    expect(paidLine(orderPage(context, order({ paid: 1191 }), []))).toBe(
      'Paid $11.91 of $24.40: pay $12.49 at pickup (bring your ID).',
    );
    const canceled = { fulfillmentStatus: 'CANCELED', status: 'CANCELED' };
    expect(paidLine(orderPage(context, order({ ...canceled, refunded: 1191 }), []))).toBe(
      'Canceled: $11.91 was refunded.',
    );
    expect(paidLine(orderPage(context, order(canceled), []))).toBe('Nothing was charged.');
  });
});

describe("the example shop's order page after a return", () => {
  it('says what was refunded of a paid order, never "Paid." alone', () => {
    const pickedUp = { status: 'COMPLETED', fulfillmentStatus: 'COMPLETED', paymentStatus: 'PAID' };
    expect(paidLine(orderPage(context, order({ ...pickedUp, paid: 2440 }), []))).toBe('Paid.');
    expect(paidLine(orderPage(context, order({ ...pickedUp, paid: 1440, refunded: 1000 }), []))).toBe(
      'Paid $24.40; $10.00 was refunded.',
    );
    expect(paidLine(orderPage(context, order({ ...pickedUp, paid: 0, refunded: 2440 }), []))).toBe(
      'Paid $24.40; $24.40 was refunded.',
    );
  });

  it('is told of a refund by the webhook of the payment, which names the order by ticketAlphaNumId', async () => {
    const secret = 'whsec_test';
    const book = new OrderNewsBook();
    const receive = webhookReceiver(secret, book);
    const server = createServer((request, response) => void receive(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const deliver = async (id: string, type: string, sequence: number, data: object) => {
      const body = JSON.stringify({ id, type, sequence, data });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'servicepay-signature': `t=${t},v1=${v1}` },
        body,
      });
      expect(answer.status).toBe(200);
    };
    try {
      await deliver('evt_1', 'order.completed', 7, { orderNumber: 'X5YA2D' });
      await deliver('evt_2', 'payment.approved', 5, { ticketAlphaNumId: 'X5YA2D', amount: 2440 });
      await deliver('evt_3', 'payment.refunded', 8, { ticketAlphaNumId: 'X5YA2D', refundedAmount: 1000 });
      await deliver('evt_4', 'payment.refunded', 1, { ticketAlphaNumId: null });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(book.of('X5YA2D')).toEqual([
      { type: 'order.completed', sequence: 7 },
      { type: 'payment.refunded', sequence: 8 },
    ]);
    const view = orderView(
      order({ status: 'COMPLETED', fulfillmentStatus: 'COMPLETED', paymentStatus: 'PAID', paid: 1440, refunded: 1000 }),
      book.of('X5YA2D'),
    );
    expect(view.news.map((entry) => entry.words)).toEqual([
      'Picked up',
      'Money given back to you (see what was refunded)',
    ]);
    expect(view.paid).toBe('Paid $24.40; $10.00 was refunded.');
  });
});

describe("the example shop's checkout, once a payment answered", () => {
  it('says the order in words, never its status code, and offers pay at pickup only while something is left to pay', () => {
    const said = (fields: Partial<Order>) => [orderSentence(order(fields)), payAtPickupClosed(order(fields))];
    expect(said({})).toEqual(['Order X5YA2D is waiting for payment.', null]);
    expect(said({ paid: 1191 })).toEqual(['Order X5YA2D is waiting for payment: $12.49 is left to pay.', null]);
    expect(said({ status: 'PAID', paymentStatus: 'PAID', paid: 2440 })).toEqual([
      'Order X5YA2D is paid.',
      'Paying at pickup is not offered: the order is paid.',
    ]);
    expect(said({ status: 'AUTHORIZED', paymentStatus: 'AUTHORIZED', paid: 2440 })).toEqual([
      'Order X5YA2D is paid by bank transfer: your bank authorized it, and it is taken when you pick the order up.',
      'Paying at pickup is not offered: your bank payment covers the order.',
    ]);
    expect(said({ status: 'CANCELED', fulfillmentStatus: 'CANCELED' })).toEqual([
      'Order X5YA2D was canceled.',
      'Paying at pickup is not offered: the order was canceled.',
    ]);
  });
});

describe("the example shop's order page, followed", () => {
  it('says the stage, the pickup time while not packed yet, what is paid and the news, as its script puts them in place', () => {
    const news = [
      { type: 'order.created', sequence: 1 },
      { type: 'order.paid', sequence: 3 },
    ];
    expect(orderView(order({ fulfillmentStatus: 'IN_PROCESS', paymentStatus: 'PAID', paid: 2440 }), news)).toEqual({
      stage: 'IN_PROCESS',
      stageWords: 'We are picking your order',
      eta: 'Ready by 4:30 PM',
      paid: 'Paid.',
      news: [
        { type: 'order.created', words: 'Order received' },
        { type: 'order.paid', words: 'Payment received' },
      ],
    });
    expect(orderView(order({ fulfillmentStatus: 'PACKED_READY' }), []).eta).toBeNull();
  });

  it('follows its order when the shop is told by webhook, and offers a reload when it is not', () => {
    const live = orderPage(context, order({}), []);
    expect(live).toContain('<script type="module" src="/assets/order.js"></script>');
    expect(live).not.toContain('Refresh');
    const still = orderPage(context, order({}), [], false);
    expect(still).not.toContain('order.js');
    expect(still).toContain('<a href="/orders/X5YA2D">Refresh</a>');
  });
});

describe("the order page's updates (server-sent events)", () => {
  it('sends the order as it is now, then read again after each news of it, the newest last', async () => {
    const book = new OrderNewsBook();
    let current = order({});
    let reads = 0;
    let reading = 0;
    let most = 0;
    const client = {
      readOrder: async (orderNumber: string) => {
        reads += 1;
        most = Math.max(most, ++reading);
        await Promise.resolve();
        reading -= 1;
        return { ...current, orderNumber };
      },
    };
    const follow = orderUpdates(client, book);
    const server = createServer((request, response) => follow(request, response, 'X5YA2D'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const controller = new AbortController();
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal });
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const events = sseEvents(response.body!);
      expect(await events.next()).toEqual({ event: 'order', data: orderView(order({}), []) });

      current = order({ fulfillmentStatus: 'IN_PROCESS', paymentStatus: 'PAID', paid: 2440 });
      book.record('X5YA2D', { type: 'order.in_process', sequence: 2 });
      book.record('X5YA2D', { type: 'order.paid', sequence: 3 });
      book.record('OTHER1', { type: 'order.created', sequence: 1 });
      const told = [
        { type: 'order.in_process', sequence: 2 },
        { type: 'order.paid', sequence: 3 },
      ];
      // The second news came while the first was read: one more read after it, never two at once.
      expect(await events.next()).toEqual({ event: 'order', data: orderView(current, told) });
      expect(await events.next()).toEqual({ event: 'order', data: orderView(current, told) });
      expect([reads, most]).toEqual([3, 1]);
    } finally {
      controller.abort();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** The events of a server-sent stream, one `next()` each. */
function sseEvents(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; data: unknown }> {
      while (!buffer.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
      const end = buffer.indexOf('\n\n');
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        frame
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return { event: field('event')!, data: JSON.parse(field('data')!) };
    },
  };
}
