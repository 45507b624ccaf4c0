import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// Two instances' data layers on one database: what one announces, the other hears — every message
// of a burst sent in one statement, in the order they were asked for, and whatever was still
// waiting when the sender closed.
let database: TestDatabase;
let sender: DataLayer;
let listener: DataLayer;

beforeAll(async () => {
  database = await freshDatabase();
  sender = await openDataLayer(database.config);
  listener = await openDataLayer(database.config);
});
afterAll(async () => {
  await listener.close();
  await database.drop();
});

const heard = (count: number, received: string[]) =>
  expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);

it('hears a burst of notifications from another instance, each once and in order', async () => {
  const received: string[] = [];
  const stop = listener.listen((payload) => received.push(payload));
  const burst = Array.from({ length: 50 }, (_, i) => JSON.stringify({ n: i, event: 'order.updated' }));
  await Promise.all(burst.map((payload) => sender.notify(payload)));
  await heard(50, received);
  expect(received).toEqual(burst);

  // Sent in the turn the sender closes: still delivered.
  const last = burst.map((payload) => `${payload} (last)`).slice(0, 5);
  for (const payload of last) void sender.notify(payload);
  await sender.close();
  await heard(55, received);
  expect(received.slice(50)).toEqual(last);
  stop();
});

it('a cache invalidation answers once the sender heard it back, and the other instance forgets too', async () => {
  const other = await openDataLayer(database.config);
  try {
    const received: string[] = [];
    const stop = listener.listen((payload) => received.push(payload));
    const [senderBefore, listenerBefore] = [other.cacheEpoch(), listener.cacheEpoch()];
    await other.invalidateCaches();
    // Its own move, then the notice heard back (a timeout would resolve with the first move only).
    expect(other.cacheEpoch()).toBe(senderBefore + 2);
    await expect.poll(() => listener.cacheEpoch(), { timeout: 10_000 }).toBe(listenerBefore + 1);
    expect(received).toEqual([]); // taken by the data layer, never handed to the live listeners
    stop();
  } finally {
    await other.close();
  }
});
