import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { RefundPoints } from '../../../shared/contracts/refund-points.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { cancelPointsMoves, refundPointsMoves, type RefundAsked } from '../../../shared/loyalty/refund-points.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// What a refund will move of the customer's points, said before it is made (README "Loyalty", "Returns
// at the counter"): `GET /v2.0/ticket/<id>/refund-points` answers the sale's points as the ledger's
// write weighs them, and shared/loyalty/refund-points.ts counts a refund on them. Each refund below
// moves exactly what was counted before it: in the ledger, and on its step of the order's history.
const PROGRAMME = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, excludedTypes: ['ACCESSORY'] };
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let gummies: { id: string };
let grinder: { id: string };

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, { ...PROGRAMME, tiers: [] });
  gummies = (await products(service.app, "p.sku = 'EDI-001'"))[0]!;
  grinder = (await products(service.app, "p.sku = 'ACC-003'"))[0]!;
  await setStock(service.app, gummies.id, 50_000);
  await setStock(service.app, grinder.id, 50_000);
});
afterAll(() => service.close());

/** A ticket for `customerId` (or nobody) of three gummies and a grinder, its reward dollars paid with points. */
async function ticket(customerId: string | null, rewardDollars?: number) {
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(store.register),
    payload: {
      type: 'PICKUP',
      ...(customerId ? { customerId } : {}),
      rewardDollars,
      items: [
        { productId: gummies.id, quantity: 3 },
        { productId: grinder.id, quantity: 1 },
      ],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket & { items: { id: string; productId: string }[] }>();
}

const read = async <T>(url: string, token = store.register): Promise<{ status: number; body: T }> => {
  const answer = await service.request({ method: 'GET', url, headers: as(token) });
  return { status: answer.statusCode, body: answer.json<T>() };
};

describe('what a refund will move of the points, said before it is made', () => {
  it('counts each refund of a sale (by items, by amount) as the ledger then writes it, and its history step says it', async () => {
    const maria = await store.newCustomer('Maria', 'Garcia', 9_100_000);
    await service.request({
      method: 'POST',
      url: `${STORE}/customers/${maria.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 500, reason: 'Welcome bonus' },
    });
    const sold = await ticket(maria.id, 3);
    const payment = await store.payCash(sold);
    const itemOf = (productId: string) => sold.items.find((item) => item.productId === productId)!.id;
    const steps: RefundAsked[] = [
      { amountCents: 0, lines: new Map([[itemOf(grinder.id), 1000]]) },
      { amountCents: 0, lines: new Map([[itemOf(gummies.id), 1000]]) },
      { amountCents: 500, lines: new Map() },
      { amountCents: 0, lines: new Map([[itemOf(gummies.id), 2000]]) },
    ];
    let before = await store.undone(maria.id, sold.orderId);
    const moved: { takenBack: number; givenBack: number }[] = [];
    for (const step of steps) {
      const points = await read<RefundPoints>(`/v2.0/ticket/${sold.orderId}/refund-points`);
      expect(points.status, JSON.stringify(points.body)).toBe(200);
      expect(points.body.customer).toBe('Maria');
      const byItems = step.lines.size > 0;
      // A refund by items gives back what its lines are worth: the refundable route prices them.
      const lines = [...step.lines].map(([itemId, milli]) => ({ itemId, quantity: milli / 1000 }));
      const answer = await service.request({
        method: 'POST',
        url: `/v2.0/payments/${payment.id}/refund`,
        headers: { authorization: `Bearer ${store.manager}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ reason: 'Returned', ...(byItems ? { lines } : { amount: step.amountCents }) }),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const amountCents = answer.json<{ refund: { amount: number } }>().refund.amount;
      const counted = refundPointsMoves(points.body.sale!, { ...step, amountCents }, points.body.expired);
      const after = await store.undone(maria.id, sold.orderId);
      const wrote = {
        takenBack: after.takenBack - before.takenBack,
        givenBack: after.givenBack - before.givenBack,
        expired: after.expired - before.expired,
      };
      expect(wrote).toEqual(counted);
      moved.push(counted);
      before = after;
    }
    // The grinder earned none: its return takes none back, and gives back its money's share of the spent points.
    expect(moved[0]).toEqual({ takenBack: 0, givenBack: expect.any(Number), expired: 0 });
    expect(moved[0]!.givenBack).toBeGreaterThan(0);
    expect(moved[1]!.takenBack).toBeGreaterThan(0);
    // Everything came back: nothing is left to take or give back.
    const last = await read<RefundPoints>(`/v2.0/ticket/${sold.orderId}/refund-points`);
    expect(refundPointsMoves(last.body.sale!, { amountCents: 1, lines: new Map() })).toEqual({
      takenBack: 0,
      givenBack: 0,
      expired: 0,
    });
    const history = await read<OrderHistory>(`${STORE}/ecommerce/ticket/${sold.orderId}/history`, store.manager);
    const refunds = history.body.steps.filter((step) => step.kind === 'refund');
    expect(refunds.map((step) => step.points ?? { takenBack: 0, givenBack: 0 })).toEqual(
      moved.map(({ takenBack, givenBack }) => ({ takenBack, givenBack })),
    );
  });

  it("counts a cancel as the ledger then writes it: an unpaid order's reward points all given back, its history step says so", async () => {
    const ana = await store.newCustomer('Ana', 'Cancel', 9_200_000);
    await service.request({
      method: 'POST',
      url: `${STORE}/customers/${ana.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 500, reason: 'Welcome bonus' },
    });
    const open = await ticket(ana.id, 1.5);
    const points = await read<RefundPoints>(`/v2.0/ticket/${open.orderId}/refund-points`, store.manager);
    expect(points.body).toMatchObject({ customer: 'Ana', expired: 0 });
    const counted = cancelPointsMoves(points.body.sale!, points.body.expired);
    expect(counted).toEqual({ takenBack: 0, givenBack: 150, expired: 0 });
    const canceled = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket/${open.orderId}/cancel`,
      headers: as(store.manager),
      payload: { reason: 'Changed her mind' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await store.undone(ana.id, open.orderId)).toEqual(counted);
    const history = await read<OrderHistory>(`${STORE}/ecommerce/ticket/${open.orderId}/history`, store.manager);
    const step = history.body.steps.find((one) => one.to === 'CANCELED');
    expect(step?.points).toEqual({ takenBack: counted.takenBack, givenBack: counted.givenBack });
    // Canceled, it keeps none: nothing is left to move.
    const after = await read<RefundPoints>(`/v2.0/ticket/${open.orderId}/refund-points`, store.manager);
    expect(after.body).toMatchObject({ customer: null, sale: null, expired: 0 });
  });

  it('answers none for a sale with no customer, and refuses an order of no store of the caller', async () => {
    const sold = await ticket(null);
    await store.payCash(sold);
    const points = await read<RefundPoints>(`/v2.0/ticket/${sold.orderId}/refund-points`);
    expect(points.status).toBe(200);
    expect(points.body).toMatchObject({ customer: null, sale: null, expired: 0 });
    const unknown = await read<{ resultDetail: string }>(
      '/v2.0/ticket/00000000-0000-4000-8000-000000000000/refund-points',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.resultDetail).toMatch(/^no order .* at your stores$/);
  });
});
