import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView } from '../../../shared/contracts/deals.js';
import { demoService, login, setupRequest, type DemoService } from '../support/demo-service.js';
import { saleRequests } from './sale-requests.js';

// The Deals list reads in the order a sale applies the deals (README "Deals": higher priority first;
// at the same priority, the deal made first), never by name: with an amount off and a percent on one
// item, that order is the price.
let service: DemoService;
let manager: string;
/** Wednesday 2026-12-02, 11:00 in Los Angeles (the demo store's time). */
const WEDNESDAY = Date.parse('2026-12-02T19:00:00Z');
let gummies: string;

beforeAll(async () => {
  service = await demoService({ now: () => new Date(WEDNESDAY) });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  const found = await setup('GET', '/products/EDI-001');
  expect(found.statusCode, found.body).toBe(200);
  gummies = found.json<{ product: { productId: string } }>().product.productId;
});
afterAll(() => service.close());

const setup = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  setupRequest(service, manager, method, path, payload);
const scope = (over: object) => ({ productIds: [], brands: [], categories: [], tags: [], ...over });
const WEDNESDAYS = { startDate: null, endDate: null, weekdays: [3], startMinute: null, endMinute: null };

async function add(deal: object): Promise<DealView> {
  const added = await setup('POST', '/deals', deal);
  expect(added.statusCode, added.body).toBe(200);
  return added.json<{ deal: DealView }>().deal;
}
/** The names of the deals `made`, as the Deals list (`GET /deals`) orders them. */
async function listedNames(made: readonly DealView[], status = 'all'): Promise<string[]> {
  const answer = await setup('GET', `/deals?status=${status}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const ours = new Set(made.map((deal) => deal.id));
  return answer
    .json<{ deals: DealView[] }>()
    .deals.filter((deal) => ours.has(deal.id))
    .map((deal) => deal.name);
}

describe('the Deals list', () => {
  it('lists deals of one priority in the order they apply (the one made first comes first), not by name, and that order prices the sale', async () => {
    // Made first, named last of the two: at the same priority it applies first.
    const wednesday = await add({
      name: 'Wednesday edibles',
      kind: 'percent',
      percent: 20,
      scope: scope({ categories: ['EDIBLE'] }),
      schedule: WEDNESDAYS,
    });
    const threeOff = await add({
      name: '$3 off gummies',
      kind: 'amount',
      amountCents: 300,
      scope: scope({ productIds: [gummies] }),
    });
    // A higher priority applies before both, whenever it was made.
    const first = await add({
      name: 'Zero in on gummies',
      kind: 'amount',
      amountCents: 100,
      priority: 5,
      scope: scope({ productIds: [gummies] }),
    });
    const made = [wednesday, threeOff, first];
    expect(await listedNames(made)).toEqual(['Zero in on gummies', 'Wednesday edibles', '$3 off gummies']);
    expect(await listedNames(made, 'active')).toEqual(['Zero in on gummies', 'Wednesday edibles', '$3 off gummies']);

    // The sale applies them in that order: $20.00, the product's own 10 % ($2.00) → $18.00; $1.00 off
    // → $17.00; 20 % of it ($3.40) → $13.60; then $3.00 off → $10.60. (By name, the $3.00 would come
    // before the 20 %, which would take $2.80.)
    const quote = await saleRequests(service).quote({ type: 'PICKUP', items: [{ productId: gummies, quantity: 1 }] });
    const line = quote.items.find((item) => item.productId === gummies)!;
    const took = new Map(line.discounts.map((discount) => [discount.name, discount.amount]));
    expect(Object.fromEntries(took)).toEqual({
      'Zero in on gummies': '1.00',
      'Wednesday edibles': '3.40',
      '$3 off gummies': '3.00',
    });
    expect(line.priceSell).toBe('10.60');
  });

  it('moves a deal whose priority changes to where it now applies', async () => {
    const lower = await add({
      name: 'B lower now',
      kind: 'amount',
      amountCents: 50,
      priority: 2,
      scope: scope({ productIds: [gummies] }),
    });
    const higher = await add({
      name: 'C raised',
      kind: 'amount',
      amountCents: 50,
      priority: 1,
      scope: scope({ productIds: [gummies] }),
    });
    expect(await listedNames([lower, higher])).toEqual(['B lower now', 'C raised']);
    const raised = await setup('PATCH', `/deals/${higher.id}`, { priority: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(await listedNames([lower, higher])).toEqual(['C raised', 'B lower now']);
  });
});
