import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView, SaleDeals } from '../../../shared/contracts/deals.js';
import { demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';

// What the deals' API says in words (README "Deals"), by the store's clock: a deal with no run left
// before its end is kept with a warning, as one whose end date has passed is; the running deals name
// a bundle's products and say a code deal's limits.
let service: DemoService;
let manager: string;
/** The demo store is in Los Angeles: Saturday 2026-12-05, 12:50 there (UTC−8). */
let clock = Date.parse('2026-12-05T20:50:00Z');

beforeAll(async () => {
  service = await demoService({ now: () => new Date(clock), tokenTtlSeconds: 30 * 86_400 });
  manager = await login(service.app, 'manager', 'manager-demo-1');
});
afterAll(() => service.close());

const schedule = (over: object) => ({
  startDate: null,
  endDate: null,
  weekdays: [],
  startMinute: null,
  endMinute: null,
  ...over,
});

async function add(body: object): Promise<DealView> {
  const answer = await setupRequest(service, manager, 'POST', '/deals', { kind: 'percent', percent: 5, ...body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ deal: DealView }>().deal;
}

async function warningOf(id: string): Promise<string | null> {
  const answer = await setupRequest(service, manager, 'GET', `/deals/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ deal: DealView }>().deal.warning;
}

describe('a deal with no run left', () => {
  it('is kept with a warning naming its last Wednesday, when that has passed before its end date', async () => {
    const past = await add({
      name: 'Past wed',
      schedule: schedule({ startDate: '2026-12-01', endDate: '2026-12-06', weekdays: [3] }),
    });
    expect(past.warning).toBe(
      'It could last run on Wednesday, Dec 2, 2026 and no longer applies: change its dates, days or hours to run ' +
        'it again, or archive it',
    );
    const listed = await setupRequest(service, manager, 'GET', '/deals');
    expect(listed.json<{ deals: DealView[] }>().deals.find((deal) => deal.id === past.id)!.warning).toBe(past.warning);
    // On the Wednesday, it ran: no warning.
    clock = Date.parse('2026-12-02T20:00:00Z');
    expect(await warningOf(past.id)).toBeNull();
    clock = Date.parse('2026-12-05T20:50:00Z');
  });

  it('is kept with a warning naming today’s hours, once they are over', async () => {
    // 4:50 AM in Los Angeles.
    clock = Date.parse('2026-12-05T12:50:00Z');
    const early = await add({
      name: 'Early today',
      schedule: schedule({ startDate: '2026-12-05', endDate: '2026-12-05', startMinute: 60, endMinute: 120 }),
    });
    expect(early.warning).toBe(
      'It could last run on Dec 5, 2026, 1:00 AM–2:00 AM, and no longer applies: change its dates, days or hours ' +
        'to run it again, or archive it',
    );
    // At 1:30 AM it runs.
    clock = Date.parse('2026-12-05T09:30:00Z');
    expect(await warningOf(early.id)).toBeNull();
    clock = Date.parse('2026-12-05T20:50:00Z');
  });
});

describe('the running deals, in words', () => {
  it('name a bundle’s products and say a code deal’s limits', async () => {
    const products = { productIds: ['PRE-001', 'PRE-002'], brands: [], categories: [], tags: [] };
    await add({
      name: 'Pre-roll trio',
      kind: 'bundle',
      percent: null,
      bundleQuantity: 3,
      bundlePriceCents: 2000,
      scope: products,
    });
    const code = { kind: 'amount', percent: null, amountCents: 100, trigger: 'code' };
    await add({ name: 'Once each', ...code, code: 'ONCE1', perCustomerLimit: 1 });
    await add({ name: 'Once ever', ...code, code: 'ONCE2', totalLimit: 1 });
    const answer = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/ecommerce/deals',
      headers: service.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const said = new Map(answer.json<SaleDeals>().deals.map((deal) => [deal.name, deal.summary]));
    expect(said.get('Pre-roll trio')).toBe('Any 3 of Blue Dream Pre-Roll and Northern Lights Pre-Roll for $20.00');
    expect(said.get('Once each')).toBe('$1.00 off each, once per customer');
    expect(said.get('Once ever')).toBe('$1.00 off each, once in all');
  });
});
