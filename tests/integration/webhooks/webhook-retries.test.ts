import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { WebhookEndpointView } from '../../../shared/contracts/webhooks.js';
import { OrdersRepository } from '../../../electron/server/tickets/orders-repository.js';
import { queryRow } from '../../support/sql.js';
import { createTicket } from '../payments/support/payment-fixtures.js';
import { addEndpoint, deliveries, setupCall, webhookHarness } from './webhook-support.js';

// The dispatcher's clock runs `offset` ahead of the wall clock: days of retries in milliseconds
// (the service's own stays on time, so sign-ins do not expire).
let offset = 0;
const now = () => new Date(Date.now() + offset);
const web = webhookHarness({ now, timeoutMs: 300 });
afterEach(() => {
  web.receiver.received.length = 0;
  web.receiver.answers = [];
});

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

describe('webhook retries', () => {
  it('a receiver answering 500 then 200 gets the same event again a minute later', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.created']);
    web.receiver.answers = [500];
    const ticket = await createTicket(web.service, 1, 0);
    expect(await web.dispatcher.runDue()).toBe(1);
    let [delivery] = await deliveries(web.service, endpoint.id);
    expect(delivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastResult: 'HTTP 500: receiver is down',
      orderNumber: ticket.orderNumber,
      eventType: 'order.created',
    });
    expect(seconds(delivery!.lastAttemptAt!, delivery!.nextAttemptAt!)).toBe(60);
    expect(await web.dispatcher.runDue()).toBe(0); // not due yet
    offset += 61_000;
    expect(await web.dispatcher.runDue()).toBe(1);
    [delivery] = await deliveries(web.service, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, nextAttemptAt: null });
    const [first, second] = web.receiver.events();
    expect(second!.id).toBe(first!.id);
  });

  it('a receiver that times out is retried after 1, 2, 4 minutes…, given up after 3 days and disabled; redelivery after enabling delivers', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.created']);
    web.receiver.otherwise = 'stall';
    await createTicket(web.service, 1, 1);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect(await web.dispatcher.runDue()).toBe(1);
      const [delivery] = await deliveries(web.service, endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: attempt, lastStatusCode: null });
      expect(delivery!.lastResult).toBe('timed out after 0.3 s');
      waits.push(seconds(delivery!.lastAttemptAt!, delivery!.nextAttemptAt!));
      offset += waits[waits.length - 1]! * 1000 + 1000;
    }
    expect(waits).toEqual([60, 120, 240, 480]);
    // Three days on, the last try fails: the delivery is given up and the endpoint disabled.
    web.receiver.otherwise = 500;
    offset += 3 * 24 * 3600 * 1000;
    expect(await web.dispatcher.runDue()).toBe(1);
    const [failed] = await deliveries(web.service, endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null, lastStatusCode: 500 });
    const listed = (await setupCall(web.service, 'GET', '/webhooks')).json<{ endpoints: WebhookEndpointView[] }>();
    expect(listed.endpoints.find((entry) => entry.id === endpoint.id)).toMatchObject({
      disabled: true,
      disabledReason: 'failing',
    });
    // A disabled endpoint records nothing more, and is not redelivered to until enabled.
    await createTicket(web.service, 1, 2);
    expect(await deliveries(web.service, endpoint.id)).toHaveLength(1);
    const refused = await setupCall(web.service, 'POST', `/webhooks/deliveries/${failed!.id}/redeliver`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toContain('enable it before redelivering');
    web.receiver.otherwise = 200;
    expect((await setupCall(web.service, 'POST', `/webhooks/${endpoint.id}/enable`)).statusCode).toBe(200);
    const redelivered = await setupCall(web.service, 'POST', `/webhooks/deliveries/${failed!.id}/redeliver`);
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toMatchObject({ delivery: { status: 'delivered', attempts: 6, lastStatusCode: 200 } });
  });

  it('a manual redelivery that fails is one try: the endpoint stays enabled and the first receipt is kept', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.created']);
    await createTicket(web.service, 1, 5);
    expect(await web.dispatcher.runDue()).toBe(1);
    const [delivered] = await deliveries(web.service, endpoint.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    web.receiver.answers = [503];
    const again = await setupCall(web.service, 'POST', `/webhooks/deliveries/${delivered!.id}/redeliver`);
    expect(again.json()).toMatchObject({
      delivery: { status: 'failed', attempts: 2, lastStatusCode: 503, deliveredAt: delivered!.deliveredAt },
    });
    const listed = (await setupCall(web.service, 'GET', '/webhooks')).json<{ endpoints: WebhookEndpointView[] }>();
    expect(listed.endpoints.find((entry) => entry.id === endpoint.id)).toMatchObject({ disabled: false });
  });

  it('a change that rolls back writes no event and sends nothing', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.canceled']);
    const ticket = await createTicket(web.service, 1, 3);
    const { db } = web.service.app.ctx;
    const orders = new OrdersRepository(db, web.service.app.changes.orders);
    const count = async () =>
      Number((await queryRow<{ n: number }>(web.service.app, sql`SELECT COUNT(*) AS n FROM webhook_events`))!.n);
    const before = await count();
    await expect(
      db.write(async (tx) => {
        const at = now().toISOString();
        const awaiting = { status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' } as const;
        const canceled = { status: 'CANCELED', paymentStatus: 'UNPAID' } as const;
        expect(await orders.move(tx, ticket.orderId, awaiting, canceled, 'test', at)).toBe(true);
        throw new Error('the change fails after the status was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await count()).toBe(before);
    expect(await web.dispatcher.runDue()).toBe(0);
    expect(web.receiver.received).toHaveLength(0);
    expect(await deliveries(web.service, endpoint.id)).toHaveLength(0);
  });

  it('refuses private and plain-http URLs unless the endpoint is for local testing, saying why', async () => {
    const refusals: [string, string][] = [
      [
        'http://127.0.0.1:9/hooks',
        'must start with https:// (http:// is accepted only for local testing, with allowLocal: true)',
      ],
      [
        'https://127.0.0.1/hooks',
        'loopback or private address (127.0.0.1): accepted only for local testing, with allowLocal: true',
      ],
      ['https://10.1.2.3/hooks', 'loopback or private address (10.1.2.3)'],
      ['https://169.254.169.254/latest/meta-data', 'loopback or private address (169.254.169.254)'],
      ['https://[::1]/hooks', 'loopback or private address'],
      ['https://[::ffff:192.168.1.1]/hooks', 'loopback or private address'],
      ['https://localhost/hooks', 'loopback or private address (localhost)'],
      ['https://user:pw@shop.example.com/hooks', 'must not carry a user name or password'],
      ['not a url', 'is not a URL'],
    ];
    for (const [target, reason] of refusals) {
      const answer = await setupCall(web.service, 'POST', '/webhooks', { url: target, events: ['order.paid'] });
      expect(answer.statusCode, target).toBe(400);
      expect(answer.json<{ resultDetail: string }>().resultDetail, target).toContain(reason);
    }
    const unknownEvent = await setupCall(web.service, 'POST', '/webhooks', {
      url: 'https://shop.example.com/hooks',
      events: ['order.shipped'],
    });
    expect(unknownEvent.statusCode).toBe(400);
    const publicUrl = await setupCall(web.service, 'POST', '/webhooks', {
      url: 'https://shop.example.com/hooks',
      events: ['order.paid'],
    });
    expect(publicUrl.statusCode, publicUrl.body).toBe(200);
  });

  it('a new secret signs from then on; the old one no longer verifies', async () => {
    const { endpoint, secret } = await addEndpoint(web.service, web.url, ['order.created']);
    const rotated = await setupCall(web.service, 'POST', `/webhooks/${endpoint.id}/rotate-secret`);
    const fresh = rotated.json<{ secret: string }>().secret;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    await createTicket(web.service, 1, 4);
    await web.dispatcher.runDue();
    const { verifyWebhook } = await import('../../../examples/integrator/verify-webhook.js');
    const [delivery] = web.receiver.received;
    const header = delivery!.headers['servicepay-signature'] as string;
    expect(() => verifyWebhook(delivery!.body, header, fresh, now().getTime())).not.toThrow();
    expect(() => verifyWebhook(delivery!.body, header, secret, now().getTime())).toThrow('does not match');
  });
});
