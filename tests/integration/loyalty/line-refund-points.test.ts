import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { LoyaltyEntry } from '../../../shared/contracts/loyalty.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { ReversalResponse } from '../../../shared/contracts/payment-reports.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// Refunds by items and points (README "Loyalty"): a refund naming its lines takes back the points
// those lines earned (an accessory earned none); a refund by amount keeps the proportional rule,
// on what is left. Reward dollars' points are given back as the money goes back, either way.
const PROGRAMME = {
  enabled: true,
  pointsPerDollar: 1,
  pointsPerRewardDollar: 100,
  excludedTypes: ['ACCESSORY'],
  tiers: [],
};
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let gummies: { id: string };
let grinder: { id: string };

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, PROGRAMME);
  gummies = (await products(service.app, "p.sku = 'EDI-001'"))[0]!;
  grinder = (await products(service.app, "p.sku = 'ACC-003'"))[0]!;
  expect(gummies && grinder, 'the demo has Watermelon Gummies and an Aluminium Grinder').toBeTruthy();
});
afterAll(() => service.close());

const newCustomer = (): Promise<Customer> => store.newCustomer('Maria', 'Garcia', 8_100_000);

/** A sale at the register to `customerId` of `count` gummies and a grinder, paid in cash. */
async function sale(customerId: string, count: number, rewardDollars?: number) {
  await setStock(service.app, gummies.id, 50_000);
  await setStock(service.app, grinder.id, 50_000);
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(store.register),
    payload: {
      type: 'PICKUP',
      customerId,
      rewardDollars,
      items: [
        { productId: gummies.id, quantity: count },
        { productId: grinder.id, quantity: 1 },
      ],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const ticket = made.json<Ticket & { items: { id: string; productId: string }[] }>();
  const payment: PaymentRecord = await store.payCash(ticket);
  const itemOf = (productId: string) => ticket.items.find((item) => item.productId === productId)!.id;
  return { ticket, payment, gummiesItem: itemOf(gummies.id), grinderItem: itemOf(grinder.id) };
}

/** The manager refunds `body` of the payment: lines, or an amount. */
async function refund(paymentId: string, body: { lines?: { itemId: string; quantity: number }[]; amount?: number }) {
  const answer = await service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { authorization: `Bearer ${store.manager}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'Returned', ...body }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<ReversalResponse>();
}

/** What the order's entries add up to: earned (less taken back), spent (less given back, negative). */
async function ofOrder(customerId: string, orderId: string) {
  const { entries } = await store.loyaltyOf(customerId);
  const mine = entries.filter((entry: LoyaltyEntry) => entry.orderId === orderId);
  const sum = (kinds: string[]) => mine.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.points, 0);
  return { earned: sum(['earned', 'reversed']), spent: sum(['spent', 'returned']), entries: mine };
}

describe('a refund by items and the points', () => {
  it("the grinder's return takes back none of the points: the gummies earned them all", async () => {
    const maria = await newCustomer();
    const { ticket, payment, grinderItem } = await sale(maria.id, 1);
    const earned = (await ofOrder(maria.id, ticket.orderId)).earned;
    expect(earned).toBeGreaterThan(0);
    const back = await refund(payment.id, { lines: [{ itemId: grinderItem, quantity: 1 }] });
    expect(back.refund!.amount).toBeGreaterThan(0);
    const after = await ofOrder(maria.id, ticket.orderId);
    expect(after.earned).toBe(earned);
    expect(after.entries.filter((entry) => entry.kind === 'reversed')).toEqual([]);
    expect((await store.loyaltyOf(maria.id)).points).toBe(earned);
  });

  it("one of two gummies takes back half the gummies' points; an amount refund of the rest takes the rest", async () => {
    const maria = await newCustomer();
    const { ticket, payment, gummiesItem } = await sale(maria.id, 2);
    const earned = (await ofOrder(maria.id, ticket.orderId)).earned;
    expect(earned % 2, 'two gummies at one price earn an even count').toBe(0);
    const one = await refund(payment.id, { lines: [{ itemId: gummiesItem, quantity: 1 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(earned / 2);
    const rest = payment.chargedAmount - one.refund!.amount;
    await refund(payment.id, { amount: rest });
    const after = await ofOrder(maria.id, ticket.orderId);
    expect(after.earned).toBe(0);
    expect(after.entries.filter((entry) => entry.kind === 'reversed').map((entry) => entry.points)).toEqual([
      -earned / 2,
      -earned / 2,
    ]);
    expect((await store.loyaltyOf(maria.id)).points).toBe(0);
    // The order's history says the points each refund moved, and the order's in all.
    const read = await service.request({
      method: 'GET',
      url: `${STORE}/ecommerce/ticket/${ticket.orderId}/history`,
      headers: as(store.manager),
    });
    expect(read.statusCode, read.body).toBe(200);
    const history = read.json<OrderHistory>();
    expect(history.points).toEqual({ earned, takenBack: earned, spent: 0, givenBack: 0 });
    const refunds = history.steps.filter((step) => step.kind === 'refund');
    expect(refunds.map((step) => step.points)).toEqual([
      { takenBack: earned / 2, givenBack: 0 },
      { takenBack: earned / 2, givenBack: 0 },
    ]);
  });

  it('an amount refund first, then the gummies by items: never more taken back than the order earned', async () => {
    const maria = await newCustomer();
    const { ticket, payment, gummiesItem, grinderItem } = await sale(maria.id, 2);
    const earned = (await ofOrder(maria.id, ticket.orderId)).earned;
    await refund(payment.id, { amount: 500 });
    const partly = (await ofOrder(maria.id, ticket.orderId)).earned;
    expect(partly).toBe(Math.floor(earned * (1 - 500 / payment.chargedAmount)));
    await refund(payment.id, { lines: [{ itemId: gummiesItem, quantity: 2 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(0);
    // Everything that earned came back: the grinder's return (what the payment has left) moves no points.
    await refund(payment.id, { lines: [{ itemId: grinderItem, quantity: 1 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(0);
  });

  it('an amount refund first takes its share once: the grinder given back after it takes none, the gummies the rest', async () => {
    const maria = await newCustomer();
    const { ticket, payment, gummiesItem, grinderItem } = await sale(maria.id, 2);
    const earned = (await ofOrder(maria.id, ticket.orderId)).earned;
    await refund(payment.id, { amount: 500 });
    const partly = Math.floor((earned * (payment.chargedAmount - 500)) / payment.chargedAmount);
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(partly);
    await refund(payment.id, { lines: [{ itemId: grinderItem, quantity: 1 }] });
    const after = await ofOrder(maria.id, ticket.orderId);
    expect(after.earned).toBe(partly);
    expect(after.entries.filter((entry) => entry.kind === 'reversed')).toHaveLength(1);
    // One of the two gummies: half of what the gummies kept; the other, the rest.
    await refund(payment.id, { lines: [{ itemId: gummiesItem, quantity: 1 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(
      Math.floor(((earned / 2) * (payment.chargedAmount - 500)) / payment.chargedAmount),
    );
    await refund(payment.id, { lines: [{ itemId: gummiesItem, quantity: 1 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(0);
    expect((await store.loyaltyOf(maria.id)).points).toBe(0);
  });

  it('the grinder first takes none; an amount refund then takes its share of the money left', async () => {
    const maria = await newCustomer();
    const { ticket, payment, grinderItem } = await sale(maria.id, 2);
    const earned = (await ofOrder(maria.id, ticket.orderId)).earned;
    const grinderBack = await refund(payment.id, { lines: [{ itemId: grinderItem, quantity: 1 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(earned);
    await refund(payment.id, { amount: 500 });
    const left = payment.chargedAmount - grinderBack.refund!.amount;
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(Math.floor((earned * (left - 500)) / left));
  });

  it('amount, grinder, then the rest by amount: all the points back, the grinder taking none of them', async () => {
    const maria = await newCustomer();
    const { ticket, payment, grinderItem } = await sale(maria.id, 2);
    const earned = (await ofOrder(maria.id, ticket.orderId)).earned;
    const first = await refund(payment.id, { amount: 500 });
    const partly = (await ofOrder(maria.id, ticket.orderId)).earned;
    const grinderBack = await refund(payment.id, { lines: [{ itemId: grinderItem, quantity: 1 }] });
    expect((await ofOrder(maria.id, ticket.orderId)).earned).toBe(partly);
    await refund(payment.id, { amount: payment.chargedAmount - first.refund!.amount - grinderBack.refund!.amount });
    const after = await ofOrder(maria.id, ticket.orderId);
    expect(after.earned).toBe(0);
    expect(after.entries.filter((entry) => entry.kind === 'reversed').map((entry) => entry.points)).toEqual([
      -partly,
      partly - earned,
    ]);
  });

  it("gives back reward dollars' points as the money goes back (the money rule), whatever came back", async () => {
    const maria = await newCustomer();
    await service.request({
      method: 'POST',
      url: `${STORE}/customers/${maria.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 500, reason: 'Welcome bonus' },
    });
    const { ticket, payment, grinderItem } = await sale(maria.id, 2, 5);
    const before = await ofOrder(maria.id, ticket.orderId);
    expect(before.spent).toBe(-500);
    const back = await refund(payment.id, { lines: [{ itemId: grinderItem, quantity: 1 }] });
    const share = back.refund!.amount / payment.chargedAmount;
    const after = await ofOrder(maria.id, ticket.orderId);
    expect(after.spent).toBe(-Math.ceil(500 * (1 - share)));
    expect(after.earned).toBe(before.earned);
  });
});
