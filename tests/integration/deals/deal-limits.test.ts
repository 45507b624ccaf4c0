import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// A deal's limits (README "Deals": a use is one sale): `perCustomerLimit` counts the customer's
// orders that got it (a sale naming nobody does not get it), `totalLimit` the store's, a canceled order gives its use back and so does a
// change of its lines that takes the deal off (one that keeps it keeps its use, the last one too); a limit given to a deal used already counts the sales
// that used it. Counted from `deal_uses` (migration 050).
const TICKETS = `${STORE}/ecommerce/ticket`;
let service: DemoService;
let register: string;
let manager: string;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let flower: string;
let accessory: string;
let dealId: string;

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, { enabled: false });
  ({ register, manager } = store);
  const full = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${full} AND p.type = 'FLOWER'`))[0]!.id;
  accessory = (await products(service.app, `${full} AND p.type = 'ACCESSORY'`))[0]!.id;
  const added = await service.request({
    method: 'POST',
    url: `${STORE}/setup/deals`,
    headers: as(manager),
    payload: {
      name: 'Once each, three in all',
      kind: 'amount',
      amountCents: 100,
      perCustomerLimit: 1,
      totalLimit: 3,
      scope: { productIds: [flower], brands: [], categories: [], tags: [] },
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  dealId = added.json<{ deal: { id: string } }>().deal.id;
});
afterAll(() => service.close());

const body = (customerId: string | undefined, withAccessory = false) => ({
  type: 'PICKUP',
  customerId,
  items: [{ productId: flower, quantity: 1 }, ...(withAccessory ? [{ productId: accessory, quantity: 1 }] : [])],
});

async function post<T>(url: string, payload: object, status: number): Promise<T> {
  await setStock(service.app, flower, 50_000);
  await setStock(service.app, accessory, 50_000);
  const answer = await service.request({ method: 'POST', url, headers: as(register), payload });
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<T>();
}

const limits = async (change: { totalLimit?: number | null; perCustomerLimit?: number | null }) => {
  const changed = await service.request({
    method: 'PATCH',
    url: `${STORE}/setup/deals/${dealId}`,
    headers: as(manager),
    payload: change,
  });
  expect(changed.statusCode, changed.body).toBe(200);
};

/** Whether a sale to `customerId` (none: undefined) gets the deal now. */
const gets = async (customerId?: string) =>
  (await post<TicketQuote>(`${TICKETS}/quote`, body(customerId), 200)).deals.length === 1;
const sell = (customerId?: string, withAccessory = false) =>
  post<Ticket>(TICKETS, body(customerId, withAccessory), 201);

describe('a deal with limits', () => {
  it('counts each customer’s uses and the store’s, and gives a use back on a cancel or a change of lines', async () => {
    const maria = (await store.newCustomer('Maria', 'Garcia', 8_100_000)).id;
    const ana = (await store.newCustomer('Ana', 'Lopez', 8_200_000)).id;
    const lena = (await store.newCustomer('Lena', 'Ruiz', 8_300_000)).id;
    const zoe = (await store.newCustomer('Zoe', 'Kim', 8_400_000)).id;

    const first = await sell(maria, true);
    expect(first.deals).toHaveLength(1);
    expect(await gets(maria)).toBe(false);
    expect(await gets(ana)).toBe(true);
    // A sale naming nobody has no customer's uses to count: it would use the deal without end.
    expect(await gets()).toBe(false);

    // Maria's order loses its flower: the deal is off it, and her use is hers again.
    const line = first.items.find((item) => item.productId === flower)!;
    const edited = await service.request({
      method: 'POST',
      url: `${TICKETS}/${first.orderId}/lines`,
      headers: as(register),
      payload: { changes: [{ lineIndex: line.lineIndex, remove: true }], reason: 'Changed her mind' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Ticket>().deals).toEqual([]);
    expect(await gets(maria)).toBe(true);

    // Three uses in all: Maria's, Ana's and Lena's.
    expect((await sell(maria)).deals).toHaveLength(1);
    const anas = await sell(ana);
    expect(anas.deals).toHaveLength(1);
    const lenas = await sell(lena);
    expect(lenas.deals).toHaveLength(1);
    expect(await gets(zoe)).toBe(false);
    // Lena's order holds the last use in all and her own: a change of its lines keeps the deal on it.
    const more = await service.request({
      method: 'POST',
      url: `${TICKETS}/${lenas.orderId}/lines`,
      headers: as(register),
      payload: { changes: [{ lineIndex: lenas.items[0]!.lineIndex, quantity: 2 }], reason: 'One more' },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json<Ticket>().deals.map((deal) => deal.dealId)).toEqual([dealId]);
    expect(await gets(zoe)).toBe(false);
    const fourth = await sell(zoe);
    expect(fourth.deals).toEqual([]);

    const canceled = await service.request({
      method: 'POST',
      url: `${TICKETS}/${anas.orderId}/cancel`,
      headers: as(register),
      payload: { reason: 'The customer left' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await gets(zoe)).toBe(true);
    expect(await gets(ana)).toBe(true);
    expect(await gets(maria)).toBe(false);
  });

  it('counts the sales that used a deal before it got a limit, and none once it has no limit', async () => {
    await limits({ totalLimit: null, perCustomerLimit: null });
    const before = await Promise.all([sell(), sell()]);
    expect(before.map((sale) => sale.deals.length)).toEqual([1, 1]);
    // Four uses now (two of the first test's, one canceled and one taken off, and these two): a
    // limit of 5 leaves one.
    await limits({ totalLimit: 5 });
    expect(await gets()).toBe(true);
    expect((await sell()).deals).toHaveLength(1);
    expect(await gets()).toBe(false);
    await limits({ totalLimit: 6 });
    expect(await gets()).toBe(true);
  });
});
