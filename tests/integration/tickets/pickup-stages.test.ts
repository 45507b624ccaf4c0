import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import type { WebhookEvent } from '../../../shared/contracts/webhooks.js';
import { stock } from '../support/catalog-fixtures.js';
import {
  cardApprovedTicket,
  GOOD_CARD,
  openSession,
  pay,
  payByCard as payWholeByCard,
  type TestTicket,
} from '../payments/support/payment-fixtures.js';
import { addEndpoint, webhookHarness } from '../webhooks/webhook-support.js';

// An order is worked in the store whether or not it is paid (README "Order statuses"): picked,
// packed, paid at any stage, handed over only once paid; every stage announced by webhook.
const web = webhookHarness();
const BASE = '/v2.0/dispensary/demo/ecommerce';

const call = (path: string, payload?: object) =>
  web.service.request({ method: 'POST', url: `${BASE}${path}`, headers: web.service.headers, payload });
const move = (orderId: string, status: string) => call(`/ticket/${orderId}/status`, { status });
const read = async (orderId: string) =>
  (
    await web.service.request({ method: 'GET', url: `${BASE}/ticket/${orderId}`, headers: web.service.headers })
  ).json<Ticket>();

const ticket = (index: number) => cardApprovedTicket(web.service, index);
const payByCard = (made: TestTicket) => payWholeByCard(web.service, made);

/** The product of the ticket's one line. */
async function productOf(orderId: string): Promise<string> {
  return (await read(orderId)).items[0]!.productId;
}
const productStock = (productId: string) => stock(web.service.app, productId);

describe('an order worked before it is paid', () => {
  it('is picked and packed unpaid, refused at the counter until paid, then handed over with its stock', async () => {
    await addEndpoint(web.service, web.url);
    const made = await ticket(0);
    const productId = await productOf(made.orderId);
    const before = await productStock(productId);

    const started = await move(made.orderId, 'IN_PROCESS');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'IN_PROCESS',
      fulfillmentStatus: 'IN_PROCESS',
      paymentStatus: 'UNPAID',
    });
    const packed = await move(made.orderId, 'PACKED_READY');
    expect(packed.json()).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'UNPAID' });

    const early = await move(made.orderId, 'COMPLETED');
    expect(early.statusCode).toBe(409);
    expect(early.json().resultDetail).toBe(
      `order ${made.orderNumber} is not paid: take its payment before it is handed over`,
    );
    expect(await read(made.orderId)).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'UNPAID' });
    expect(await productStock(productId)).toEqual(before);

    await payByCard(made);
    expect(await read(made.orderId)).toMatchObject({
      status: 'PACKED_READY',
      fulfillmentStatus: 'PACKED_READY',
      paymentStatus: 'PAID',
    });
    const done = await move(made.orderId, 'COMPLETED');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETED', fulfillmentStatus: 'COMPLETED', paymentStatus: 'PAID' });
    expect(await productStock(productId)).toEqual({
      onHandMilli: before.onHandMilli - 1000,
      reservedMilli: before.reservedMilli - 1000,
    });

    await web.dispatcher.runDue();
    const types = web.receiver.received
      .map((entry) => JSON.parse(entry.body) as WebhookEvent)
      .filter((event) => event.type.startsWith('order.') && (event.data as Ticket).orderId === made.orderId)
      .sort((a, b) => a.sequence - b.sequence)
      .map((event) => `${event.type} ${(event.data as Ticket).status}/${(event.data as Ticket).paymentStatus}`);
    expect(types).toEqual([
      'order.created AWAITING_PROCESSING/UNPAID',
      'order.in_process IN_PROCESS/UNPAID',
      'order.ready PACKED_READY/UNPAID',
      'order.paid PACKED_READY/PAID',
      'order.completed COMPLETED/PAID',
    ]);
  });

  it('says in words why a move is refused, and writes nothing', async () => {
    const made = await ticket(1);
    const packFirst = await move(made.orderId, 'PACKED_READY');
    expect(packFirst.statusCode).toBe(409);
    expect(packFirst.json().resultDetail).toBe(
      `order ${made.orderNumber} is waiting to be picked and cannot be packed`,
    );
    expect((await move(made.orderId, 'IN_PROCESS')).statusCode).toBe(200);
    const again = await move(made.orderId, 'IN_PROCESS');
    expect(again.statusCode).toBe(409);
    expect(again.json().resultDetail).toBe(`order ${made.orderNumber} is already being picked by Casey Cashier`);
    const unknown = await move(made.orderId, 'SHIPPED');
    expect(unknown.statusCode).toBe(400);
    expect(await read(made.orderId)).toMatchObject({ status: 'IN_PROCESS', paymentStatus: 'UNPAID' });
  });

  it('is canceled from any stage before pickup, its stock given back', async () => {
    const made = await ticket(2);
    const productId = await productOf(made.orderId);
    const before = await productStock(productId);
    await move(made.orderId, 'IN_PROCESS');
    await move(made.orderId, 'PACKED_READY');
    const canceled = await call(`/ticket/${made.orderId}/cancel`, { reason: 'Not collected' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'CANCELED',
      fulfillmentStatus: 'CANCELED',
      paymentStatus: 'UNPAID',
    });
    expect(await productStock(productId)).toEqual({ ...before, reservedMilli: before.reservedMilli - 1000 });
    const late = await move(made.orderId, 'IN_PROCESS');
    expect(late.json().resultDetail).toBe(`order ${made.orderNumber} is canceled and cannot be picked`);
  });

  it('keeps a paid order in picking from being canceled with its money; voided, it awaits payment at its stage', async () => {
    const made = await ticket(3);
    const payment = await payByCard(made);
    expect((await move(made.orderId, 'IN_PROCESS')).json()).toMatchObject({
      status: 'IN_PROCESS',
      paymentStatus: 'PAID',
    });
    const refused = await call(`/ticket/${made.orderId}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().resultDetail).toMatch(/refund|void/i);
    const voided = await web.service.request({
      method: 'POST',
      url: `/v2.0/payments/${payment.id}/void`,
      headers: { authorization: `Bearer ${web.service.tokens.manager}` },
      payload: {},
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await read(made.orderId)).toMatchObject({ status: 'IN_PROCESS', paymentStatus: 'UNPAID' });
    expect((await call(`/ticket/${made.orderId}/cancel`)).statusCode).toBe(200);
  });

  it('takes no second payment at any stage once paid', async () => {
    const made = await ticket(4);
    await move(made.orderId, 'IN_PROCESS');
    await payByCard(made);
    const again = await openSession(web.service, web.service.tokens.manager, {
      channel: 'virtual_terminal',
      ticketAlphaNumId: made.orderNumber,
      originalAmount: made.total,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().resultDetail).toBe(`order ${made.orderNumber} is already paid`);
  });

  it('is paid once when two registers take its payment at once, and handed over once when both hand it over', async () => {
    const made = await ticket(6);
    const productId = await productOf(made.orderId);
    const before = await productStock(productId);
    await move(made.orderId, 'IN_PROCESS');
    await move(made.orderId, 'PACKED_READY');
    const manager = web.service.tokens.manager;
    const sessionAt = () =>
      openSession(web.service, manager, {
        channel: 'virtual_terminal',
        ticketAlphaNumId: made.orderNumber,
        originalAmount: made.total,
      });
    // Both counters open the payment and charge the card at the same moment.
    const opened = await Promise.all([sessionAt(), sessionAt()]);
    const sessions = opened.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().session);
    const paid = await Promise.all(
      sessions.map((session: { sessionId: string }) =>
        pay(web.service, manager, session.sessionId, { paymentMethod: 'Credit', card: GOOD_CARD }),
      ),
    );
    const approved = paid.filter((answer) => answer.json().payment?.status === 'approved');
    expect(approved, paid.map((answer) => answer.body).join('\n')).toHaveLength(1);
    expect(await read(made.orderId)).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'PAID' });

    const [one, two] = await Promise.all([move(made.orderId, 'COMPLETED'), move(made.orderId, 'COMPLETED')]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const lost = one.statusCode === 409 ? one : two;
    expect(lost.json().resultDetail).toBe(`order ${made.orderNumber} is already picked up`);
    // The stock left the shelf once.
    const after = await productStock(productId);
    expect(after.onHandMilli).toBe(before.onHandMilli - 1000);
    expect(after.reservedMilli).toBe(before.reservedMilli - 1000);
  });
});
