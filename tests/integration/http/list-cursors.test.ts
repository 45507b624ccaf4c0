import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoData } from '../../../electron/server/demo/load-demo.js';
import type { Ticket, TicketPage } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { DEMO_CLIENT, login, testApp } from '../support/demo-service.js';

// A list's cursor pages the list it was issued for (its store and filters), and no other: reused
// with other filters it would skip or repeat rows, so it is refused in words. Used as issued, it
// pages through every row exactly once. The orders list and the catalog, over two stores of one
// chain on one database; the clock moves a second per reading, so orders are made apart.
let app: Awaited<ReturnType<typeof testApp>>;
let clock = Date.parse('2026-06-15T19:00:00Z');
const headers: Record<'demo' | 'demo-2', Record<string, string>> = { demo: {}, 'demo-2': {} };
/** The demo store's orders, oldest first; those at odd places canceled. */
const orders: Ticket[] = [];
const canceled = new Set<string>();

const get = (store: 'demo' | 'demo-2', url: string) =>
  app.inject({ method: 'GET', url: `/v2.0/dispensary/${store}${url}`, headers: headers[store] });

const OTHER_FILTERS = 'cursor belongs to a list with other filters: start again from the first page';

beforeAll(async () => {
  app = await testApp({ now: () => new Date((clock += 1000)) });
  await loadDemoData(app.ctx.db, new Date(clock), { stores: 2 });
  headers.demo = { ...DEMO_CLIENT, authorization: `Bearer ${await login(app, 'manager', 'manager-demo-1')}` };
  headers['demo-2'] = { ...DEMO_CLIENT, authorization: `Bearer ${await login(app, 'manager-2', 'manager-demo-1')}` };
  const [productId] = (await products(app, "p.type = 'ACCESSORY' AND p.deli = 0 AND k.on_hand_milli > 10000")).map(
    (product) => product.id,
  );
  for (let n = 0; n < 7; n += 1) {
    const made = await app.inject({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: headers.demo,
      payload: { type: 'PICKUP', items: [{ productId, quantity: 1 }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    orders.push(made.json<Ticket>());
  }
  for (const order of orders.filter((_, n) => n % 2 === 1)) {
    const cancel = await app.inject({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/cancel`,
      headers: headers.demo,
      payload: { reason: 'test' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    canceled.add(order.orderId);
  }
}, 60_000);
afterAll(() => app.close());

/** Every order of the list of `query`, page by page (`limit` each): their ids, and each page's cursor. */
async function pageThrough(query: string, limit: number): Promise<{ ids: string[]; cursors: string[] }> {
  const ids: string[] = [];
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await get('demo', `/ecommerce/tickets?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.statusCode, page.body).toBe(200);
    const { tickets, nextCursor } = page.json<TicketPage>();
    expect(tickets.length).toBeLessThanOrEqual(limit);
    ids.push(...tickets.map((ticket) => ticket.orderId));
    cursor = nextCursor;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  return { ids, cursors };
}

const newestFirst = (list: Ticket[]) => list.map((order) => order.orderId).reverse();

describe("the orders list's cursor", () => {
  it('pages through every order of the list exactly once, whatever the filters and page size', async () => {
    const window = `&from=${encodeURIComponent(orders[1]!.createdAt)}&to=${encodeURIComponent(orders[6]!.createdAt)}`;
    for (const limit of [1, 2, 3]) {
      expect((await pageThrough('', limit)).ids).toEqual(newestFirst(orders));
      expect((await pageThrough('&status=CANCELED', limit)).ids).toEqual(
        newestFirst(orders.filter((order) => canceled.has(order.orderId))),
      );
      expect((await pageThrough(`&status=AWAITING_PROCESSING${window}`, limit)).ids).toEqual(
        newestFirst(orders.slice(1, 6).filter((order) => !canceled.has(order.orderId))),
      );
    }
  });

  it('is refused with other filters, in another list or at another store, in words', async () => {
    const { cursors } = await pageThrough('&status=CANCELED', 1);
    const cursor = cursors[0]!;
    const from = encodeURIComponent(orders[0]!.createdAt);
    for (const query of ['', '&status=AWAITING_PROCESSING', `&status=CANCELED&from=${from}`]) {
      const refused = await get('demo', `/ecommerce/tickets?limit=1${query}&cursor=${cursor}`);
      expect([query, refused.statusCode, refused.json()]).toEqual([
        query,
        400,
        { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: OTHER_FILTERS },
      ]);
    }
    const elsewhere = await get('demo-2', `/ecommerce/tickets?limit=1&status=CANCELED&cursor=${cursor}`);
    expect([elsewhere.statusCode, elsewhere.json().resultDetail]).toEqual([400, OTHER_FILTERS]);
    const payments = await app.inject({
      method: 'GET',
      url: `/v2.0/payments?dispensaryShortName=demo&limit=1&cursor=${cursor}`,
      headers: headers.demo,
    });
    expect([payments.statusCode, payments.json().resultDetail]).toEqual([400, OTHER_FILTERS]);
    // As issued, it still pages its own list.
    const own = await get('demo', `/ecommerce/tickets?limit=1&status=CANCELED&cursor=${cursor}`);
    expect(own.statusCode).toBe(200);
  });

  it('of an earlier version, or one never issued, is refused in words', async () => {
    const earlier = Buffer.from(`${orders[3]!.createdAt}|${orders[3]!.orderId}`).toString('base64url');
    for (const [cursor, words] of [
      [
        earlier,
        'cursor is from an earlier version of the service, before cursors were tied to their filters: start again from the first page',
      ],
      ['page-2', 'cursor is not a nextCursor this service issued: start again from the first page'],
    ] as const) {
      const refused = await get('demo', `/ecommerce/tickets?limit=1&cursor=${cursor}`);
      expect([refused.statusCode, refused.json().resultDetail]).toEqual([400, words]);
    }
  });
});

describe("the catalog's cursor", () => {
  /** The products of the catalog's list of `query`, page by page: their ids and the first page's cursor. */
  async function catalogPages(query: string, limit: number): Promise<{ ids: string[]; first: string | null }> {
    const ids: string[] = [];
    let first: string | null = null;
    let cursor: string | null = null;
    do {
      const page = await get('demo', `/catalog?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.statusCode, page.body).toBe(200);
      const answer = page.json<{ items: { productId: string }[]; nextCursor: string | null }>();
      ids.push(...answer.items.map((item) => item.productId));
      first ??= answer.nextCursor;
      cursor = answer.nextCursor;
    } while (cursor);
    return { ids, first };
  }

  it('pages a category through every product once; it pages no other category or search', async () => {
    const whole = await get('demo', '/catalog?limit=200&type=EDIBLE');
    const all = whole.json<{ items: { productId: string }[] }>().items.map((item) => item.productId);
    expect(all.length).toBeGreaterThan(3);
    const paged = await catalogPages('&type=EDIBLE', 2);
    expect(paged.ids).toEqual(all);
    // A category named in another case is the same list.
    const same = await get('demo', `/catalog?limit=2&type=edible&cursor=${paged.first}`);
    expect(same.statusCode, same.body).toBe(200);
    for (const query of ['', '&type=FLOWER', '&type=EDIBLE&search=gummies']) {
      const refused = await get('demo', `/catalog?limit=2${query}&cursor=${paged.first}`);
      expect([query, refused.statusCode, refused.json().resultDetail]).toEqual([query, 400, OTHER_FILTERS]);
    }
    const earlier = Buffer.from(JSON.stringify(['blue dream', all[0]])).toString('base64url');
    const old = await get('demo', `/catalog?limit=2&type=EDIBLE&cursor=${earlier}`);
    expect([old.statusCode, old.json().resultDetail]).toEqual([
      400,
      'cursor is from an earlier version of the service, before cursors were tied to their filters: start again from the first page',
    ]);
  });
});
