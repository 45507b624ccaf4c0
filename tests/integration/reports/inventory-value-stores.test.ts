import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainInventoryValueReport, InventoryValueReport } from '../../../shared/contracts/reports.js';
import { addStore, DEMO } from '../setup/support/setup-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';

// The inventory value across stores (README "Reports") values each store that has records of the
// day and leaves out, naming them, those whose records start after it; only a day before every
// store's records is refused. The demo store (Los Angeles) is set up at noon on June 10, 2026; North
// Store (Denver) at 12:30 AM on June 13 in its own zone — 11:30 PM on June 12 in Los Angeles: its
// records start on June 13, its own calendar's day, when its catalog is imported with 10 jars in
// stock ($400.00 at retail). Today is June 15.
const SET_UP = Date.parse('2026-06-10T19:00:00Z');
const NORTH_SET_UP = Date.parse('2026-06-13T06:30:00Z');
const NORTH_STOCKED = Date.parse('2026-06-13T17:00:00Z');
const NOW = Date.parse('2026-06-15T19:00:00Z');
let clock = SET_UP;
let service: DemoService;
let manager: string;

/** North Store's tax class and catalog, as its manager sets them up. */
async function stockNorth(token: string) {
  const setup = (path: string, payload: object) =>
    service.request({
      method: 'POST',
      url: `/v2.0/dispensary/north/setup${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const taxClass = await setup('/tax-classes', { code: 'cannabis', name: 'Cannabis', rates: [] });
  expect(taxClass.statusCode, taxClass.body).toBe(200);
  const text =
    'sku,type,name,weight,unitType,price,taxClass,quantityOnHand\n' +
    'NOR-001,FLOWER,North Jar,3.5,g,40.00,cannabis,10\n';
  const imported = await setup('/catalog/import', { fileName: 'north.csv', text });
  expect(imported.json()).toMatchObject({ imported: true, created: 1 });
}

beforeAll(async () => {
  service = await demoService({ now: () => new Date(clock) });
  clock = NORTH_SET_UP;
  await addStore(service.app, 'north', DEMO.organizationId, { named: 'North Store', at: new Date(clock) });
  clock = NORTH_STOCKED;
  await stockNorth(await login(service.app, 'manager', 'manager-demo-1'));
  clock = NOW;
  manager = await login(service.app, 'manager', 'manager-demo-1');
});
afterAll(() => service.close());

async function get<T>(url: string) {
  const answer = await service.request({ method: 'GET', url, headers: { authorization: `Bearer ${manager}` } });
  return { status: answer.statusCode, body: answer.json<T>() };
}
const chain = (query: string) => get<ChainInventoryValueReport>(`/v2.0/reports/inventory-value?${query}`);
const NORTH = {
  dispensaryShortName: 'north',
  dispensaryName: 'North Store',
  timeZone: 'America/Denver',
  firstDay: '2026-06-13',
};
const GREEN_VALLEY = {
  dispensaryShortName: 'demo',
  dispensaryName: 'Green Valley Dispensary',
  timeZone: 'America/Los_Angeles',
  firstDay: '2026-06-10',
};

describe('GET /v2.0/reports/inventory-value of a day before a store’s records', () => {
  it('values the stores that have records of the day and names those left out with their first day', async () => {
    const demo = await get<InventoryValueReport>('/v2.0/dispensary/demo/reports/inventory-value?to=2026-06-12');
    expect(demo.status).toBe(200);
    expect(demo.body.firstDay).toBe('2026-06-10');
    expect(demo.body.total.retailCents).toBeGreaterThan(0);
    const { status, body } = await chain('to=2026-06-12');
    expect(status).toBe(200);
    expect(body.stores.map((store) => store.dispensaryShortName)).toEqual(['demo']);
    expect(body.leftOut).toEqual([NORTH]);
    expect(body.previousLeftOut).toEqual([]);
    expect(body.total).toEqual(demo.body.total);
    // From North Store's first day (its own calendar's), both are valued, none left out.
    const both = await chain('to=2026-06-13');
    expect(both.body.stores.map((store) => [store.dispensaryShortName, store.firstDay])).toEqual([
      ['demo', '2026-06-10'],
      ['north', '2026-06-13'],
    ]);
    expect(both.body.leftOut).toEqual([]);
  });

  it('refuses a day before every store’s records, naming the first day one has', async () => {
    const { status, body } = await get<{ resultDetail: string; details: unknown }>(
      '/v2.0/reports/inventory-value?to=2026-06-09',
    );
    expect(status).toBe(400);
    expect(body.resultDetail).toBe(
      'to must be on or after 2026-06-10: no store’s records start before then (Green Valley Dispensary’s start ' +
        'that day), and their stock before then is not known',
    );
    expect(body.details).toEqual({ firstDay: '2026-06-10' });
    // One store's route refuses a day before its own records, as before.
    const north = await get<{ details: unknown }>('/v2.0/dispensary/north/reports/inventory-value?to=2026-06-12');
    expect([north.status, north.body.details]).toEqual([400, { firstDay: '2026-06-13' }]);
  });
});

describe('compare=previous on the inventory value', () => {
  it('compares only the stores with records of the previous day, naming the others', async () => {
    const before = await chain('to=2026-06-12');
    const { status, body } = await chain('to=2026-06-13&compare=previous');
    expect(status).toBe(200);
    expect(body.leftOut).toEqual([]);
    expect(body.previousLeftOut).toEqual([NORTH]);
    const [demo, north] = body.stores;
    expect(demo!.previous).toMatchObject({ from: '2026-06-12', to: '2026-06-12', total: before.body.total });
    expect(north!.previous).toBeNull();
    expect(body.previousTotal).toEqual(before.body.total);
    // The change compares the same stores: North Store's stock, first known on the day, is in the
    // total but not in the total compared (it did not grow the chain's stock overnight).
    expect(north!.total.retailCents).toBe(40_000);
    expect(body.total.retailCents).toBe(demo!.total.retailCents + 40_000);
    expect(body.comparableTotal).toEqual(demo!.total);
  });

  it('compares every store once each has records of the previous day', async () => {
    const { body } = await chain('to=2026-06-14&compare=previous');
    expect(body.previousLeftOut).toEqual([]);
    expect(body.stores.map((store) => store.previous?.to)).toEqual(['2026-06-13', '2026-06-13']);
    expect(body.comparableTotal).toEqual(body.total);
    // Without compare=previous there is nothing to compare.
    const alone = await chain('to=2026-06-14');
    expect([alone.body.previousTotal, alone.body.comparableTotal]).toEqual([null, null]);
  });

  it('answers a store’s first day without a comparison (its previous day is not known), never a made-up one', async () => {
    const first = await get<InventoryValueReport>(
      '/v2.0/dispensary/demo/reports/inventory-value?to=2026-06-10&compare=previous',
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ firstDay: '2026-06-10', previous: null });
    const next = await get<InventoryValueReport>(
      '/v2.0/dispensary/demo/reports/inventory-value?to=2026-06-11&compare=previous',
    );
    expect(next.body.previous).toMatchObject({ from: '2026-06-10', to: '2026-06-10' });
    // Across stores, no store has records of June 9: no previous total, and every store is named.
    const all = await chain('to=2026-06-10&compare=previous');
    expect(all.status).toBe(200);
    expect(all.body.stores.map((store) => store.dispensaryShortName)).toEqual(['demo']);
    expect(all.body.leftOut).toEqual([NORTH]);
    expect(all.body.previousLeftOut).toEqual([GREEN_VALLEY]);
    expect(all.body.previousTotal).toBeNull();
    expect(all.body.comparableTotal).toBeNull();
  });
});
