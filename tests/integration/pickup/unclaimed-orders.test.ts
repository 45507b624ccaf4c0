import { describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { ReadyOverADay } from '../../../shared/contracts/unclaimed.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import type { WebhookEvent } from '../../../shared/contracts/webhooks.js';
import { stock } from '../support/catalog-fixtures.js';
import {
  cardApprovedTicket,
  DECLINING_CENTS,
  payByCard as payWholeByCard,
  type TestTicket,
} from '../payments/support/payment-fixtures.js';
import { addEndpoint, setupCall, webhookHarness } from '../webhooks/webhook-support.js';

// Orders not picked up (README "Unclaimed orders"): past the store's hold an unpaid order is
// canceled as a staff cancel would (stock back, audit trail, order.canceled), by the service; a paid
// one is kept and listed for the manager. The clock is the test's: it starts 100 hours ago and only
// moves forward, and the sweep is run by hand, never waited for.
const HOUR = 3_600_000;
let clock = Date.now() - 100 * HOUR;
const now = () => new Date(clock);
const web = webhookHarness({ now }, { now, tokenTtlSeconds: 30 * 24 * 3600 });
const BASE = '/v2.0/dispensary/demo/ecommerce';

const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
  web.service.request({ method, url: `${BASE}${path}`, headers: web.service.headers, ...(payload && { payload }) });
const read = async (orderId: string) => (await call('GET', `/ticket/${orderId}`)).json<Ticket>();
const sweep = () => web.service.app.pickupExpiry.sweep();
async function readyOverADay(): Promise<ReadyOverADay> {
  const answer = await call('GET', '/pickup/ready-over-a-day');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ReadyOverADay>();
}

const ticket = (index: number) => cardApprovedTicket(web.service, index);

/** Picks and packs an order now: it is ready since the clock's time. */
async function pack(orderId: string): Promise<void> {
  for (const status of ['IN_PROCESS', 'PACKED_READY']) {
    const moved = await call('POST', `/ticket/${orderId}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}

const payByCard = (made: TestTicket) => payWholeByCard(web.service, made);

const productOf = async (orderId: string) => (await read(orderId)).items[0]!.productId;

describe('an order not picked up', () => {
  it('is canceled past the 48-hour hold, its stock back, in the audit trail and by webhook; one within it is kept', async () => {
    await addEndpoint(web.service, web.url);
    const start = clock;
    const late = await ticket(0);
    const productId = await productOf(late.orderId);
    const reserved = await stock(web.service.app, productId);
    await pack(late.orderId);
    clock = start + 2 * HOUR;
    const onTime = await ticket(1);
    await pack(onTime.orderId);

    clock = start + 49 * HOUR;
    const outcome = await sweep();
    expect(outcome.canceled).toContain(late.orderNumber);
    expect(outcome.canceled).not.toContain(onTime.orderNumber);
    expect(await read(late.orderId)).toMatchObject({ status: 'CANCELED', paymentStatus: 'UNPAID' });
    expect(await read(onTime.orderId)).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'UNPAID' });
    expect(await stock(web.service.app, productId)).toEqual({
      ...reserved,
      reservedMilli: reserved.reservedMilli - 1000,
    });

    const audit = await web.service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${web.service.tokens.manager}` },
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const canceled = audit.json<AuditDay>().events.filter((event) => event.action === 'order_canceled');
    expect(canceled).toContainEqual(
      expect.objectContaining({
        orderNumber: late.orderNumber,
        amount: late.total,
        reason: 'Not picked up within 48 hours',
        actor: expect.objectContaining({ kind: 'system', name: 'ServicePay' }),
      }),
    );

    await web.dispatcher.runDue();
    const events = web.receiver.received
      .map((entry) => JSON.parse(entry.body) as WebhookEvent)
      .filter((event) => event.type === 'order.canceled')
      .map((event) => event.data as Ticket);
    expect(events).toContainEqual(expect.objectContaining({ orderId: late.orderId, status: 'CANCELED' }));

    // The one within its hold, ready 47 hours: listed, its hold ending 48 hours after it was packed.
    const listed = (await readyOverADay()).orders;
    expect(listed.map((order) => order.orderNumber)).not.toContain(late.orderNumber);
    expect(listed.find((order) => order.orderNumber === onTime.orderNumber)).toEqual({
      orderId: onTime.orderId,
      orderNumber: onTime.orderNumber,
      customerName: null,
      total: (onTime.total / 100).toFixed(2),
      readySince: new Date(start + 2 * HOUR).toISOString(),
      holdEndsAt: new Date(start + 50 * HOUR).toISOString(),
      paymentStatus: 'UNPAID',
      pastHold: false,
    });
    // Its turn comes when its own hold ends.
    clock = start + 51 * HOUR;
    expect((await sweep()).canceled).toContain(onTime.orderNumber);
  });

  it('is kept when paid, and listed for the manager past its hold, with its customer', async () => {
    const start = clock;
    const added = await web.service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/customers',
      headers: web.service.headers,
      payload: {
        firstName: 'Maria',
        middleName: 'Elena',
        lastName: 'Garcia',
        dateOfBirth: '1990-01-15',
        idType: 'drivers_licence',
        idNumber: 'D7654321',
        idJurisdiction: 'CA',
        idExpiry: '2035-01-15',
        customerType: 'adult_use',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const customerId = added.json<{ customer: Customer }>().customer.id;
    const productId = (await read((await ticket(2)).orderId)).items[0]!.productId;
    const created = await call('POST', '/ticket', { type: 'PICKUP', items: [{ productId, quantity: 1 }], customerId });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json<Ticket>();
    const made = {
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      total: Math.round(Number(order.total) * 100),
    };
    expect(DECLINING_CENTS.has(made.total % 100)).toBe(false);
    await payByCard(made);
    await pack(made.orderId);

    clock = start + 30 * HOUR;
    const waiting = (await readyOverADay()).orders.find((entry) => entry.orderId === made.orderId);
    expect(waiting).toMatchObject({ customerName: 'Maria Elena Garcia', paymentStatus: 'PAID', pastHold: false });

    clock = start + 60 * HOUR;
    const outcome = await sweep();
    expect(outcome.kept).toContain(made.orderNumber);
    expect(outcome.canceled).not.toContain(made.orderNumber);
    expect(await read(made.orderId)).toMatchObject({ status: 'PACKED_READY', paymentStatus: 'PAID' });
    const listed = await readyOverADay();
    expect(listed.holdHours).toBe(48);
    expect(listed.orders.find((entry) => entry.orderId === made.orderId)).toMatchObject({
      orderNumber: made.orderNumber,
      customerName: 'Maria Elena Garcia',
      total: order.total,
      readySince: new Date(start).toISOString(),
      holdEndsAt: new Date(start + 48 * HOUR).toISOString(),
      paymentStatus: 'PAID',
      pastHold: true,
    });
  });

  it("is held as long as the store's setting says, and its reason says so", async () => {
    const start = clock;
    const set = await setupCall(web.service, 'PUT', '/store', { pickupHoldHours: 72 });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const made = await ticket(3);
      await pack(made.orderId);
      clock = start + 49 * HOUR;
      expect((await sweep()).canceled).not.toContain(made.orderNumber);
      expect((await readyOverADay()).orders.find((entry) => entry.orderId === made.orderId)).toMatchObject({
        holdEndsAt: new Date(start + 72 * HOUR).toISOString(),
        pastHold: false,
      });
      clock = start + 73 * HOUR;
      expect((await sweep()).canceled).toContain(made.orderNumber);
      const audit = await web.service.request({
        method: 'GET',
        url: '/v2.0/audit?dispensaryShortName=demo',
        headers: { authorization: `Bearer ${web.service.tokens.manager}` },
      });
      expect(audit.json<AuditDay>().events).toContainEqual(
        expect.objectContaining({ orderNumber: made.orderNumber, reason: 'Not picked up within 72 hours' }),
      );
    } finally {
      await setupCall(web.service, 'PUT', '/store', { pickupHoldHours: 48 });
    }
  });
});
