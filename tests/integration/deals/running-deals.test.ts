import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleDeals } from '../../../shared/contracts/deals.js';
import { demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';

// `GET …/ecommerce/deals` lists the deals running now in the store's time (README "Deals"): what a
// register offers its cashier and a shop's menu shows, as a sale now would get them. A deal of
// another weekday, one not started yet or ended, one outside its hours, or a paused one is not listed.
let service: DemoService;
/** The demo store is in Los Angeles: 19:00Z is 11:00 there (in December, UTC−8). */
let clock = Date.parse('2026-12-04T19:00:00Z');

beforeAll(async () => {
  service = await demoService({ now: () => new Date(clock), tokenTtlSeconds: 30 * 86_400 });
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  const schedule = (over: object) => ({
    startDate: null,
    endDate: null,
    weekdays: [],
    startMinute: null,
    endMinute: null,
    ...over,
  });
  const deals = [
    { name: 'Every day', schedule: schedule({}) },
    { name: 'Wednesdays', schedule: schedule({ weekdays: [3] }) },
    { name: 'Fridays', schedule: schedule({ weekdays: [5] }) },
    { name: 'From Dec 20', schedule: schedule({ startDate: '2026-12-20' }) },
    { name: 'Ended Dec 1', schedule: schedule({ startDate: '2026-11-01', endDate: '2026-12-01' }) },
    { name: 'Happy hour', schedule: schedule({ startMinute: 16 * 60, endMinute: 19 * 60 }) },
    { name: 'Friday late', schedule: schedule({ weekdays: [5], startMinute: 22 * 60, endMinute: 2 * 60 }) },
    { name: 'Paused', schedule: schedule({}), active: false },
  ];
  for (const deal of deals) {
    const added = await setupRequest(service, manager, 'POST', '/deals', { kind: 'percent', percent: 5, ...deal });
    expect(added.statusCode, added.body).toBe(200);
  }
});
afterAll(() => service.close());

/** The names of the deals listed at `at` (an instant), as a register reads them. */
async function runningAt(at: string): Promise<string[]> {
  clock = Date.parse(at);
  const answer = await service.request({
    method: 'GET',
    url: '/v2.0/dispensary/demo/ecommerce/deals',
    headers: service.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer
    .json<SaleDeals>()
    .deals.map((deal) => deal.name)
    .sort();
}

describe('the deals running now, for a register or a shop', () => {
  it('lists on a Friday morning only those of the day and the hour, by the store’s clock', async () => {
    // Friday 2026-12-04, 11:00 in Los Angeles (already Friday 19:00 in UTC).
    expect(await runningAt('2026-12-04T19:00:00Z')).toEqual(['Every day', 'Fridays']);
  });

  it('lists the happy hour within its hours, and a late deal into the next morning', async () => {
    // Friday 17:00 in Los Angeles.
    expect(await runningAt('2026-12-05T01:00:00Z')).toEqual(['Every day', 'Fridays', 'Happy hour']);
    // Saturday 01:00 in Los Angeles: Friday's 22:00–02:00 still runs; Friday's all-day deal has ended.
    expect(await runningAt('2026-12-05T09:00:00Z')).toEqual(['Every day', 'Friday late']);
  });

  it('lists a Wednesday deal on a Wednesday, and one from Dec 20 from that day on', async () => {
    // Wednesday 2026-12-02, 11:00 in Los Angeles.
    expect(await runningAt('2026-12-02T19:00:00Z')).toEqual(['Every day', 'Wednesdays']);
    // Sunday 2026-12-20, 11:00 in Los Angeles.
    expect(await runningAt('2026-12-20T19:00:00Z')).toEqual(['Every day', 'From Dec 20']);
    // Saturday 2026-12-19, 23:30 in Los Angeles: already the 20th in UTC, not yet in the store.
    expect(await runningAt('2026-12-20T07:30:00Z')).toEqual(['Every day']);
  });
});
