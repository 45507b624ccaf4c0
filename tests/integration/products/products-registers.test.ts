import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SseFrame } from '../../../shared/sse.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { openStream } from '../support/live-stream.js';
import { attachedRegister, postTicket, type AttachedRegister } from '../registers/register-sales.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { NEW_FLOWER } from './support/product-fixtures.js';

// A store server and a register attached to it, each its own process: what a manager changes of a
// product at the server reaches the register's catalog (and its POS screens, live) within ~2 s.
let database: TestDatabase;
let server: ServiceProcess;
let register: AttachedRegister;
let manager: string;

/** How long a change may take to reach the register: the register asks every second, then refreshes. */
const REACH_MS = 2_500;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
  register = await attachedRegister(server, 'front-1');
}, 90_000);
afterAll(async () => {
  await register?.remove();
  await server?.stop();
  await database?.drop();
});

interface Item {
  productId: string;
  name: string;
  price: string;
  tags: string[];
}

const atServer = async (method: string, path: string, body?: unknown) => {
  const answer = await call(server, `/v2.0/dispensary/demo/setup/products${path}`, { token: manager, method, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.product as { productId: string; sku: string };
};
const registerCatalog = async (search: string): Promise<Item[]> => {
  const answer = await call(register.service, `/v2.0/dispensary/demo/catalog?search=${encodeURIComponent(search)}`, {
    token: register.till.token,
  });
  expect(answer.status).toBe(200);
  return answer.body.items as Item[];
};
/** Polls the register's catalog until `check` holds, and answers how long that took. */
async function reached(search: string, check: (items: Item[]) => boolean): Promise<number> {
  const started = Date.now();
  await expect.poll(async () => check(await registerCatalog(search)), { timeout: REACH_MS, interval: 50 }).toBe(true);
  return Date.now() - started;
}
const changeNotice = (frames: SseFrame[], productId: string) =>
  frames.some((frame) => frame.event === 'catalog.changed' && frame.data.includes(productId));

describe('a product change reaches an attached register', { timeout: 60_000 }, () => {
  it('a price edited at the server: in the register’s catalog, and its POS is told live', async () => {
    const stream = await openStream(
      register.service.url,
      '/v2.0/dispensary/demo/live?topics=catalog',
      register.till.token,
    );
    try {
      const [before] = await registerCatalog('FLW-001');
      const edited = await atServer('PATCH', '/FLW-001', { priceCents: 3999 });
      await reached('FLW-001', (items) => items[0]?.price === '39.99');
      expect(before!.price).not.toBe('39.99');
      await expect.poll(() => changeNotice(stream.frames, edited.productId), { timeout: REACH_MS }).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('its tags edited at the server: in the register’s catalog, for the deals it prices offline', async () => {
    await atServer('PATCH', '/FLW-002', { tags: ['staff-pick'] });
    await reached('FLW-002', (items) => items[0]?.tags.join() === 'staff-pick');
  });

  it('a new product, then archived: listed at the register, then gone from its catalog and its sales', async () => {
    const added = await atServer('POST', '', { ...NEW_FLOWER, sku: 'REG-1', name: 'Register Haze' });
    await reached('Register Haze', (items) => items.some((item) => item.productId === added.productId));
    await atServer('POST', `/${added.productId}/archive`);
    await reached('Register Haze', (items) => items.length === 0);
    // Neither sold nor quoted there: the register's copy says it is discontinued.
    const ticket = { type: 'PICKUP', items: [{ productId: added.productId, quantity: 1 }] };
    const sale = await postTicket(register.till, ticket);
    expect(await sale.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'NOTHING_AVAILABLE' });
    const [kept] = await registerCatalog('FLW-003');
    const quote = await fetch(`${register.service.url}/v2.0/dispensary/demo/ecommerce/ticket/quote`, {
      method: 'POST',
      headers: {
        ...register.till.client,
        authorization: `Bearer ${register.till.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...ticket, items: [...ticket.items, { productId: kept!.productId, quantity: 1 }] }),
    });
    expect(quote.status).toBe(200);
    expect(((await quote.json()) as { unavailableItems: unknown }).unavailableItems).toEqual([
      expect.objectContaining({ productId: added.productId, reason: 'DISCONTINUED' }),
    ]);
  });

  it('the store’s time zone changed at the server: in the register’s copy of the store, and its POS is told live', async () => {
    const stream = await openStream(
      register.service.url,
      '/v2.0/dispensary/demo/live?topics=store',
      register.till.token,
    );
    const zone = async () => {
      const answer = await call(register.service, '/v2.0/dispensary/demo', { token: register.till.token });
      return (answer.body.dispensary as { timezone: string }).timezone;
    };
    const setZone = async (timezone: string) => {
      const set = await call(server, '/v2.0/dispensary/demo/setup/store', {
        token: manager,
        method: 'PUT',
        body: { timezone },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    };
    const before = await zone();
    try {
      await setZone('America/Denver');
      await expect.poll(zone, { timeout: REACH_MS, interval: 50 }).toBe('America/Denver');
      const told = () => stream.frames.filter((frame) => frame.event === 'store.changed');
      await expect.poll(() => told().length, { timeout: REACH_MS }).toBe(1);
      // The register's screens read the store again: what changed, the server's notice does not say.
      expect(told()[0]!.data).toBe(JSON.stringify({ fields: [] }));
    } finally {
      await stream.close();
      await setZone(before);
    }
  });
});
