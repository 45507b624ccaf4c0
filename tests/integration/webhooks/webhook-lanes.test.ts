// Each endpoint's deliveries go in its own lanes: one that never answers holds up only its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTicket } from '../payments/support/payment-fixtures.js';
import { TestReceiver } from './receiver.js';
import { addEndpoint, deliveries, webhookHarness } from './webhook-support.js';

// A try stays open a minute: the hanging endpoint's tries are certainly open while the test runs.
const web = webhookHarness({ now: () => new Date(), timeoutMs: 60_000 });
const hanging = new TestReceiver();
let hangingUrl: string;

beforeAll(async () => {
  hangingUrl = await hanging.start();
  hanging.otherwise = 'stall';
});
afterAll(() => hanging.stop());

describe('webhook lanes', () => {
  it('a healthy endpoint receives each event while a hanging endpoint’s tries are open', async () => {
    const stuck = await addEndpoint(web.service, hangingUrl, ['order.created']);
    const healthy = await addEndpoint(web.service, web.url, ['order.created']);
    web.dispatcher.start();
    try {
      const orderIds: string[] = [];
      for (let index = 0; index < 6; index += 1) {
        orderIds.push((await createTicket(web.service, 1, index)).orderId);
        web.dispatcher.wake(); // the event is written: as the service's own outbox tells its dispatcher
        await web.receiver.waitFor(index + 1);
      }
      expect(web.receiver.events().map((event) => event.data.orderId)).toEqual(orderIds);
      // Meanwhile the hanging endpoint holds its four lanes, unanswered; its other two wait for one.
      await hanging.waitFor(4);
      expect(hanging.received).toHaveLength(4);
      const waiting = await deliveries(web.service, stuck.endpoint.id);
      expect(waiting.map((delivery) => delivery.attempts).sort()).toEqual([0, 0, 1, 1, 1, 1]);
    } finally {
      hanging.drop(); // its open tries end now, so the dispatcher stops at once
      await web.dispatcher.stop();
    }
    // Stopped once every open try was recorded: the healthy endpoint's six were received.
    const received = await deliveries(web.service, healthy.endpoint.id);
    expect(received.map((delivery) => [delivery.status, delivery.attempts])).toEqual(Array(6).fill(['delivered', 1]));
  });
});
