// Nothing new is sent to an endpoint once its disable is answered: not the deliveries waiting for
// a free lane, not a try read as due before the disable, not a try claimed before it but not sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OutboxRepository } from '../../../electron/server/webhooks/outbox-repository.js';
import { createTicket } from '../payments/support/payment-fixtures.js';
import { addEndpoint, deliveries, setupCall, webhookHarness } from './webhook-support.js';

// A try stays open until the test ends it: a minute is longer than any test here.
const web = webhookHarness({ now: () => new Date(), timeoutMs: 60_000 });
afterEach(() => {
  vi.restoreAllMocks();
  web.receiver.received.length = 0;
  web.receiver.answers = [];
  web.receiver.otherwise = 200;
});

const toggle = async (endpointId: string, action: 'disable' | 'enable') => {
  const answer = await setupCall(web.service, 'POST', `/webhooks/${endpointId}/${action}`);
  expect(answer.statusCode, answer.body).toBe(200);
};

describe('a disabled webhook endpoint', () => {
  it('gets no new POST after its disable is answered, while its open tries hang; enabling it sends the rest', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.created']);
    web.receiver.otherwise = 'stall';
    for (let index = 0; index < 6; index += 1) await createTicket(web.service, 1, index);
    const running = web.dispatcher.runDue();
    await web.receiver.waitFor(4); // four tries open, two deliveries waiting for them
    await toggle(endpoint.id, 'disable');
    // The open tries end (the receiver cuts them); a receiver that answered would get what followed.
    web.receiver.otherwise = 200;
    web.receiver.drop();
    await running;
    expect(web.receiver.received).toHaveLength(4);
    const log = await deliveries(web.service, endpoint.id);
    expect(log.map((delivery) => delivery.attempts).sort()).toEqual([0, 0, 1, 1, 1, 1]);
    expect(log.every((delivery) => delivery.status === 'pending')).toBe(true);

    // Enabled again: the two never tried are due at once; the four tried wait for their retry.
    await toggle(endpoint.id, 'enable');
    expect(await web.dispatcher.runDue()).toBe(2);
    expect(web.receiver.received).toHaveLength(6);
    expect(new Set(web.receiver.events().map((event) => event.id)).size).toBe(6);
  });

  it('refuses, in the claim itself, a try read as due before the disable', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.created']);
    const ticket = await createTicket(web.service, 1, 6);
    const { db } = web.service.app.ctx;
    const outbox = new OutboxRepository(db);
    const [delivery] = await deliveries(web.service, endpoint.id);
    const due = await outbox.due(db, new Date().toISOString(), 100);
    const seen = due.find((row) => row.id === delivery!.id)!;
    expect(seen, `${ticket.orderNumber}'s delivery is due`).toBeDefined();
    await toggle(endpoint.id, 'disable');
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000).toISOString();
    const claimed = await db.write((tx) => outbox.claim(tx, seen.id, seen.nextAttemptAt!, lease, now.toISOString()));
    expect(claimed).toBe(false);
    expect(await deliveries(web.service, endpoint.id)).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('does not send a try claimed before the disable; it is due again once enabled, and a redelivery is refused', async () => {
    const { endpoint } = await addEndpoint(web.service, web.url, ['order.created']);
    await createTicket(web.service, 1, 7);
    // The disable lands between the try's claim and its send.
    const toSend = OutboxRepository.prototype.toSend;
    const disableFirst = async function (this: OutboxRepository, ...args: Parameters<typeof toSend>) {
      await toggle(endpoint.id, 'disable');
      return toSend.apply(this, args);
    };
    vi.spyOn(OutboxRepository.prototype, 'toSend').mockImplementationOnce(disableFirst);
    expect(await web.dispatcher.runDue()).toBe(0);
    expect(web.receiver.received).toHaveLength(0);
    const [given] = await deliveries(web.service, endpoint.id);
    expect(given).toMatchObject({ status: 'pending', attempts: 0 });

    await toggle(endpoint.id, 'enable');
    expect(await web.dispatcher.runDue()).toBe(1);
    expect(await deliveries(web.service, endpoint.id)).toMatchObject([{ status: 'delivered', attempts: 1 }]);

    // A manual redelivery claimed just before a disable is not sent either, and says so.
    vi.spyOn(OutboxRepository.prototype, 'toSend').mockImplementationOnce(disableFirst);
    const refused = await setupCall(web.service, 'POST', `/webhooks/deliveries/${given!.id}/redeliver`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toContain(
      'is disabled; enable it before redelivering',
    );
    expect(web.receiver.received).toHaveLength(1);
  });
});
