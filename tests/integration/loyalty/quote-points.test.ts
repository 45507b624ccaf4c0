import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketQuote } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// The quote answers the points its reward dollars cost (README "Loyalty", `rewardPoints`), counted
// as the ticket would spend them, so a register shows the balance the sale leaves. A reward dollar
// costs 150 points here: a part of a point costs a whole one.
const PROGRAMME = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 150, offlineSpendCents: 2000 };
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let flower: { id: string; priceCents: number };

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, PROGRAMME);
  const cheap = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${cheap} AND p.type = 'FLOWER'`))[0]!;
  expect(flower, 'the demo has flower at full price').toBeTruthy();
  await setStock(service.app, flower.id, 50_000);
});
afterAll(() => service.close());

async function quote(customerId: string | undefined, rewardDollars?: number): Promise<TicketQuote> {
  const answer = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket/quote`,
    headers: as(store.register),
    payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 2 }], customerId, rewardDollars },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TicketQuote>();
}

describe("the quote's reward points", () => {
  it('answers the points the reward dollars cost, a part of a point counting whole, and spends none', async () => {
    const maria = await store.newCustomer('Maria', 'Garcia', 8_000_000);
    await service.request({
      method: 'POST',
      url: `${STORE}/customers/${maria.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 1000, reason: 'Welcome points' },
    });
    expect((await quote(maria.id)).rewardPoints).toBe(0);
    const two = await quote(maria.id, 2);
    expect(two.payByPoints).toBe('-2.00');
    expect(two.rewardPoints).toBe(300);
    // $1.01 at 150 points a reward dollar is 151.5 points: 152, as the ticket spends them.
    expect((await quote(maria.id, 1.01)).rewardPoints).toBe(152);
    expect((await store.loyaltyOf(maria.id)).points).toBe(1000);
    // The ticket spends what the quote said.
    const made = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket`,
      headers: as(store.register),
      payload: {
        type: 'PICKUP',
        items: [{ productId: flower.id, quantity: 2 }],
        customerId: maria.id,
        rewardDollars: 2,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await store.loyaltyOf(maria.id)).points).toBe(1000 - two.rewardPoints);
  });

  it('answers 0 while the programme is off: reward dollars are taken as typed', async () => {
    const off = await service.request({
      method: 'PUT',
      url: `${STORE}/setup/store`,
      headers: as(store.manager),
      payload: { loyalty: { enabled: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const typed = await quote(undefined, 3);
    expect(typed.payByPoints).toBe('-3.00');
    expect(typed.rewardPoints).toBe(0);
  });
});
