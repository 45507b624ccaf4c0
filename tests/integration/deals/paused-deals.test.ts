import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';
import { loginAt } from '../cash/support/drawer-fixtures.js';
import { saleRequests } from './sale-requests.js';

// A paused deal is never priced, but a sale still knows it (README "Deals"): its promo code and the
// cashier's choice of it are answered "…is paused", not as a code or a deal the store never had.
let service: DemoService;
let manager: string;
/** A cashier's session at a register, which chooses deals. */
let register: string;
const ids: Record<string, string> = {};
const deals: Record<string, string> = {};

beforeAll(async () => {
  service = await demoService();
  manager = await login(service.app, 'manager', 'manager-demo-1');
  register = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  for (const sku of ['EDI-001', 'FLW-001', 'PRE-004']) {
    const found = await setup('GET', `/products/${sku}`);
    expect(found.statusCode, found.body).toBe(200);
    ids[sku] = found.json<{ product: { productId: string } }>().product.productId;
  }
});
afterAll(() => service.close());

const setup = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  setupRequest(service, manager, method, path, payload);

const scope = (over: object) => ({ productIds: [], brands: [], categories: [], tags: [], ...over });

async function add(deal: object): Promise<string> {
  const added = await setup('POST', '/deals', deal);
  expect(added.statusCode, added.body).toBe(200);
  return added.json<{ deal: { id: string } }>().deal.id;
}

async function setActive(id: string, active: boolean): Promise<void> {
  const changed = await setup('PATCH', `/deals/${id}`, { active });
  expect(changed.statusCode, changed.body).toBe(200);
}

/** A quote of an edible, a flower and a pre-roll, typing FALL2 and choosing Regulars. */
const quote = () =>
  saleRequests(service, { ...DEMO_CLIENT, authorization: `Bearer ${register}` }).quote({
    type: 'PICKUP',
    items: ['EDI-001', 'FLW-001', 'PRE-004'].map((sku) => ({ productId: ids[sku], quantity: 1 })),
    promoCodes: ['fall2'],
    dealIds: [deals.regulars],
  });

describe('a store with no deals', () => {
  it('answers a code typed as no deal’s and a deal chosen as not the store’s, on the quote and the ticket', async () => {
    const sales = saleRequests(service, { ...DEMO_CLIENT, authorization: `Bearer ${register}` });
    const body = {
      type: 'PICKUP',
      items: [{ productId: ids['FLW-001'], quantity: 1 }],
      promoCodes: ['nope'],
      dealIds: ['01a24000-0000-7000-8000-000000000000'],
    };
    const answered = {
      codes: [{ code: 'NOPE', applied: false, words: 'No deal has the code NOPE: check its spelling' }],
      chosenDeals: [
        {
          dealId: '01a24000-0000-7000-8000-000000000000',
          applied: false,
          words: 'Not a deal of this store now: it may have been archived',
        },
      ],
      deals: [],
    };
    expect(await sales.quote(body)).toMatchObject(answered);
    expect(await sales.ticket(body)).toMatchObject(answered);
  });
});

describe('a paused deal, named by its code or chosen by the cashier', () => {
  it('is answered as paused, with or without other deals running, and applies again once resumed', async () => {
    deals.fall = await add({
      name: 'Fall code',
      kind: 'amount',
      amountCents: 200,
      trigger: 'code',
      code: 'FALL2',
      scope: scope({ productIds: ['FLW-001'] }),
    });
    deals.regulars = await add({
      name: 'Regulars',
      kind: 'amount',
      amountCents: 100,
      trigger: 'cashier',
      scope: scope({ categories: ['EDIBLE'] }),
    });
    await setActive(deals.fall, false);
    await setActive(deals.regulars, false);
    const paused = {
      codes: [{ code: 'FALL2', applied: false, words: 'FALL2 (Fall code) is paused' }],
      chosenDeals: [{ dealId: deals.regulars, applied: false, words: 'Regulars is paused' }],
      deals: [],
    };
    // Only paused deals in the store: nothing is priced, both are still answered.
    expect(await quote()).toMatchObject(paused);

    // Another deal running: it applies, the paused ones still take nothing.
    await add({ name: 'Pre-roll tenth', kind: 'percent', percent: 10, scope: scope({ productIds: ['PRE-004'] }) });
    const running = await quote();
    expect(running).toMatchObject({ codes: paused.codes, chosenDeals: paused.chosenDeals });
    expect(running.deals.map((deal) => deal.name)).toEqual(['Pre-roll tenth']);

    await setActive(deals.fall, true);
    await setActive(deals.regulars, true);
    const resumed = await quote();
    expect(resumed.codes).toEqual([{ code: 'FALL2', applied: true, words: 'Fall code: $2.00 off' }]);
    expect(resumed.chosenDeals).toEqual([{ dealId: deals.regulars, applied: true, words: 'Regulars: $1.00 off' }]);
    expect(resumed.deals.map((deal) => deal.name).sort()).toEqual(['Fall code', 'Pre-roll tenth', 'Regulars']);
  });
});
