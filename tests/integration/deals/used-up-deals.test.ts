import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView, SaleDeals } from '../../../shared/contracts/deals.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// `GET …/ecommerce/deals` leaves out a deal whose uses in all (`totalLimit`) are used up: no sale
// gets it any more, so a register must not offer it nor a shop's menu show it. Its uses are counted
// from `deal_uses` (a canceled order gives its use back); a per-customer limit does not hide a deal.
const TICKETS = `${STORE}/ecommerce/ticket`;
let service: DemoService;
let register: string;
let manager: string;
let flower: string;

beforeAll(async () => {
  service = await demoService();
  ({ register, manager } = await loyaltyStore(service, { enabled: false }));
  const full = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${full} AND p.type = 'FLOWER'`))[0]!.id;
  const scope = { productIds: [flower], brands: [], categories: [], tags: [] };
  const deals = [
    { name: 'Two in all', totalLimit: 2 },
    { name: 'Once each', perCustomerLimit: 1 },
    { name: 'No limit' },
    { name: 'Cashier’s two', totalLimit: 2, trigger: 'cashier' },
  ];
  for (const deal of deals) {
    const added = await service.request({
      method: 'POST',
      url: `${STORE}/setup/deals`,
      headers: as(manager),
      payload: { kind: 'amount', amountCents: 100, scope, ...deal },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
});
afterAll(() => service.close());

/** The names of the deals the store lists now, as a register reads them. */
async function listed(): Promise<string[]> {
  const answer = await service.request({ method: 'GET', url: `${STORE}/ecommerce/deals`, headers: as(register) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer
    .json<SaleDeals>()
    .deals.map((deal) => deal.name)
    .sort();
}

/** A sale of the flower naming nobody: it gets the automatic deals with uses left. */
async function sell(): Promise<Ticket> {
  await setStock(service.app, flower, 50_000);
  const payload = { type: 'PICKUP', items: [{ productId: flower, quantity: 1 }] };
  const answer = await service.request({ method: 'POST', url: TICKETS, headers: as(register), payload });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Ticket>();
}

describe('the deals running now, once a deal is used up', () => {
  it('leaves out a deal whose uses in all are used, and lists it again when a sale gives its use back', async () => {
    const all = ['Cashier’s two', 'No limit', 'Once each', 'Two in all'];
    expect(await listed()).toEqual(all);
    const first = await sell();
    expect(first.deals.map((deal) => deal.name).sort()).toEqual(['No limit', 'Two in all']);
    expect(await listed()).toEqual(all);

    await sell();
    expect(await listed()).toEqual(['Cashier’s two', 'No limit', 'Once each']);
    expect((await sell()).deals.map((deal) => deal.name)).toEqual(['No limit']);

    const canceled = await service.request({
      method: 'POST',
      url: `${TICKETS}/${first.orderId}/cancel`,
      headers: as(register),
      payload: { reason: 'The customer left' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await listed()).toEqual(all);
  });
});

describe('the manager’s list of deals, with their limits and uses (issue 31)', () => {
  /** The store's deals as the back office and `servicepay deals list` read them, by name. */
  async function setupDeals(): Promise<Map<string, DealView>> {
    const answer = await service.request({ method: 'GET', url: `${STORE}/setup/deals`, headers: as(manager) });
    expect(answer.statusCode, answer.body).toBe(200);
    return new Map(answer.json<{ deals: DealView[] }>().deals.map((deal) => [deal.name, deal]));
  }
  const shown = (deal: DealView | undefined) => deal && [deal.summary.replace(/:.*?,/, ': …,'), deal.uses, deal.usedUp];

  it('says each deal’s limits, its uses so far, and when its uses in all are used up', async () => {
    // So far: the first sale canceled (its use given back), the second used Two in all, the third not.
    let deals = await setupDeals();
    expect(shown(deals.get('Two in all'))).toEqual(['$1.00 off each: …, 2 times in all', 1, false]);
    expect(shown(deals.get('Once each'))).toEqual(['$1.00 off each: …, once per customer', 0, false]);
    expect(shown(deals.get('Cashier’s two'))).toEqual([
      "$1.00 off each: …, at the cashier's choice, 2 times in all",
      0,
      false,
    ]);
    expect([deals.get('No limit')!.uses, deals.get('No limit')!.usedUp]).toEqual([null, false]);

    await sell();
    deals = await setupDeals();
    expect(shown(deals.get('Two in all'))).toEqual(['$1.00 off each: …, 2 times in all', 2, true]);
    const one = await service.request({
      method: 'GET',
      url: `${STORE}/setup/deals/${deals.get('Two in all')!.id}`,
      headers: as(manager),
    });
    expect([one.json<{ deal: DealView }>().deal.uses, one.json<{ deal: DealView }>().deal.usedUp]).toEqual([2, true]);
  });
});
