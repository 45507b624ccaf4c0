import { describe, expect, it } from 'vitest';
import { DeliveryLanes } from '../../../electron/server/webhooks/delivery-lanes.js';

/** Due deliveries `h1, h2…` to endpoint `h`, in that order. */
const due = (endpointId: string, count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => ({
    id: `${endpointId}${from + index}`,
    endpointId,
    nextAttemptAt: '2026-11-29T10:00:00.000Z',
  }));
const ids = (deliveries: readonly { id: string }[]) => deliveries.map((delivery) => delivery.id);

describe('delivery lanes', () => {
  it('gives one endpoint at most its own lanes, oldest due first, and the others theirs', () => {
    const lanes = new DeliveryLanes(2, 5);
    lanes.keep([...due('h', 4), ...due('g', 1)]);
    expect(ids(lanes.takeWaiting())).toEqual(['h1', 'h2', 'g1']);
    expect(lanes.busyEndpoints()).toEqual(['h']);
    expect(lanes.free).toBe(2);
    // Read again: what is open or kept already is not kept twice; a new endpoint's go at once.
    lanes.keep([...due('h', 4), ...due('g', 2), ...due('k', 1)]);
    expect(ids(lanes.takeWaiting())).toEqual(['g2', 'k1']);
    expect(lanes.free).toBe(0);
    // A lane freed goes to the oldest waiting delivery of an endpoint with a lane free.
    lanes.release(due('g', 1)[0]!);
    expect(ids(lanes.takeWaiting())).toEqual([]);
    lanes.release(due('h', 1)[0]!);
    expect(ids(lanes.takeWaiting())).toEqual(['h3']);
    expect(() => lanes.release(due('h', 1)[0]!)).toThrow('delivery h1 has no lane');
  });

  it('keeps at most as many waiting deliveries as lanes in all', () => {
    const lanes = new DeliveryLanes(1, 2);
    lanes.keep(due('h', 10));
    expect(ids(lanes.takeWaiting())).toEqual(['h1']);
    lanes.release(due('h', 1)[0]!);
    expect(ids(lanes.takeWaiting())).toEqual(['h2']);
    lanes.release(due('h', 1, 2)[0]!);
    expect(ids(lanes.takeWaiting())).toEqual([]); // h3… were not kept: read again later
  });

  it('refuses a shape where one endpoint could take more than all lanes', () => {
    expect(() => new DeliveryLanes(4, 2)).toThrow('perEndpoint (4) <= inAll (2)');
    expect(() => new DeliveryLanes(0, 2)).toThrow('1 <= perEndpoint (0)');
  });
});
