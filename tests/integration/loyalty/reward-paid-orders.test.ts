import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { openSession } from '../payments/support/payment-fixtures.js';
import { outboxOf } from '../tickets/edit-support.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// An order whose whole total is covered by reward dollars (README "Loyalty": capped at its value)
// owes nothing: it is paid as it is made, worked and handed over like any paid order, its points
// stay spent and it earns none. Its lines changed so that it owes again, it is unpaid again.
const TICKETS = `${STORE}/ecommerce/ticket`;
const PROGRAMME = { enabled: true, pointsPerDollar: 2, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
const POINTS = 100_000;
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let flower: { id: string; priceCents: number };

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, PROGRAMME);
  const plain = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${plain} AND p.type = 'FLOWER'`))[0]!;
  expect(flower, 'the demo has flower at full price').toBeTruthy();
  // An endpoint, so that the orders' webhook events are written (the outbox is read, none is sent).
  const endpoint = await service.request({
    method: 'POST',
    url: `${STORE}/setup/webhooks`,
    headers: as(store.manager),
    payload: {
      url: 'http://127.0.0.1:9/hooks',
      events: ['order.created', 'order.paid', 'order.completed'],
      allowLocal: true,
    },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
});
afterAll(() => service.close());

/** A new customer holding POINTS points. */
async function customerWithPoints(): Promise<Customer> {
  const customer = await store.newCustomer('Ana', 'Lopez', 8_000_000);
  const adjusted = await service.request({
    method: 'POST',
    url: `${STORE}/customers/${customer.id}/loyalty/adjustments`,
    headers: as(store.manager),
    payload: { points: POINTS, reason: 'Welcome bonus' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  return customer;
}

/** A ticket of `jars` flower for `customerId`, all of it paid with reward dollars (capped at its value). */
async function coveredTicket(customerId: string, headers = service.headers, jars = 1): Promise<Ticket> {
  await setStock(service.app, flower.id, 50_000);
  const made = await service.request({
    method: 'POST',
    url: TICKETS,
    headers,
    payload: {
      type: 'PICKUP',
      items: [{ productId: flower.id, quantity: jars }],
      customerId,
      rewardDollars: Math.ceil((flower.priceCents * jars * 2) / 100),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

const read = async (orderId: string): Promise<Ticket> => {
  const answer = await service.request({ method: 'GET', url: `${TICKETS}/${orderId}`, headers: service.headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Ticket>();
};

const move = (orderId: string, status: string) =>
  service.request({
    method: 'POST',
    url: `${TICKETS}/${orderId}/status`,
    headers: service.headers,
    payload: { status },
  });

/** The points `ticket`'s reward dollars cost (100 a dollar). */
const spentOn = (ticket: Ticket) => Math.round(-Number(ticket.payByPoints) * 100);

describe('an order paid in full with reward dollars', () => {
  it('is paid as it is made, reads back paid, is handed over, and its points stay spent', async () => {
    const ana = await customerWithPoints();
    const ticket = await coveredTicket(ana.id);
    expect(ticket).toMatchObject({ total: '0.00', status: 'PAID', paymentStatus: 'PAID' });
    expect(spentOn(ticket)).toBeGreaterThan(0);
    expect(await read(ticket.orderId)).toMatchObject({ total: '0.00', status: 'PAID', paymentStatus: 'PAID' });
    expect((await store.loyaltyOf(ana.id)).points).toBe(POINTS - spentOn(ticket));

    // Nothing to take: no payment is asked for.
    const asked = await openSession(service, store.register, {
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: 100,
    });
    expect(asked.statusCode, asked.body).toBe(409);

    for (const stage of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const moved = await move(ticket.orderId, stage);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ status: stage, fulfillmentStatus: stage, paymentStatus: 'PAID' });
    }
    expect(await read(ticket.orderId)).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });
    const told = (await outboxOf(service.app, ticket.orderId)).map(
      (event) => `${event.type} ${(event.data as Ticket).status}/${(event.data as Ticket).paymentStatus}`,
    );
    expect(told).toEqual([
      'order.created AWAITING_PROCESSING/UNPAID',
      'order.paid PAID/PAID',
      'order.completed COMPLETED/PAID',
    ]);
    const after = await store.loyaltyOf(ana.id);
    expect(after.points).toBe(POINTS - spentOn(ticket));
    // Nothing was paid in money: nothing earned.
    expect(after.entries.filter((entry) => entry.kind === 'earned')).toEqual([]);
  });

  it('owes again when its lines grow past its reward dollars, and is paid again when they come back', async () => {
    const ana = await customerWithPoints();
    const ticket = await coveredTicket(ana.id);
    const lines = (quantity: number) =>
      service.request({
        method: 'POST',
        url: `${TICKETS}/${ticket.orderId}/lines`,
        headers: service.headers,
        payload: { changes: [{ lineIndex: 1, quantity }] },
      });
    const grown = await lines(3);
    expect(grown.statusCode, grown.body).toBe(200);
    expect(Number(grown.json<Ticket>().total)).toBeGreaterThan(0);
    expect(grown.json()).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
    expect(await read(ticket.orderId)).toMatchObject({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' });
    const picked = await move(ticket.orderId, 'IN_PROCESS');
    expect(picked.statusCode, picked.body).toBe(200);
    expect((await move(ticket.orderId, 'PACKED_READY')).statusCode).toBe(200);
    const early = await move(ticket.orderId, 'COMPLETED');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ resultDetail: string }>().resultDetail).toContain('is not paid');

    expect((await move(ticket.orderId, 'IN_PROCESS')).statusCode).toBe(200);
    const back = await lines(1);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ total: '0.00', status: 'IN_PROCESS', paymentStatus: 'PAID' });
    expect((await store.loyaltyOf(ana.id)).points).toBe(POINTS - spentOn(ticket));
  });

  it('is canceled while not handed over (it holds no money), its points given back', async () => {
    const ana = await customerWithPoints();
    const ticket = await coveredTicket(ana.id);
    const canceled = await service.request({
      method: 'POST',
      url: `${TICKETS}/${ticket.orderId}/cancel`,
      headers: service.headers,
      payload: { reason: 'Customer changed their mind' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await read(ticket.orderId)).toMatchObject({ status: 'CANCELED', paymentStatus: 'UNPAID' });
    expect((await store.loyaltyOf(ana.id)).points).toBe(POINTS);
  });

  it('rung up at the register, it is handed over across the counter at once', async () => {
    const ana = await customerWithPoints();
    const ticket = await coveredTicket(ana.id, as(store.register));
    expect(ticket).toMatchObject({ total: '0.00', status: 'COMPLETED', paymentStatus: 'PAID' });
    expect((await store.loyaltyOf(ana.id)).points).toBe(POINTS - spentOn(ticket));
  });
});
