import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketQuote } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// A quote naming a customer answers that customer, as the ticket does (issue 31's try-out: it
// answered `customerId: null` while charging their points).
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let flower: string;

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100 });
  const full = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${full} AND p.type = 'FLOWER'`))[0]!.id;
  await setStock(service.app, flower, 50_000);
});
afterAll(() => service.close());

describe('a quote naming a customer', () => {
  it('echoes the customer, with reward dollars paid from their points and without', async () => {
    const maria = await store.newCustomer('Maria', 'Garcia', 8_100_000);
    const points = await service.request({
      method: 'POST',
      url: `${STORE}/customers/${maria.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 250, reason: 'Welcome points' },
    });
    expect(points.statusCode, points.body).toBe(200);
    for (const rewardDollars of [1, undefined]) {
      const payload = {
        type: 'PICKUP',
        items: [{ productId: flower, quantity: 1 }],
        customerId: maria.id,
        rewardDollars,
      };
      const answer = await service.request({
        method: 'POST',
        url: `${STORE}/ecommerce/ticket/quote`,
        headers: as(store.register),
        payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const quote = answer.json<TicketQuote>();
      expect([quote.customerId, quote.payByPoints]).toEqual([maria.id, rewardDollars ? '-1.00' : '0.00']);
    }
    const nobody = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket/quote`,
      headers: as(store.register),
      payload: { type: 'PICKUP', items: [{ productId: flower, quantity: 1 }] },
    });
    expect(nobody.json<TicketQuote>().customerId).toBeNull();
  });
});
