import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundPoints } from '../../../shared/contracts/refund-points.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import { refundPointsWords, refundPreviewWords } from '../../../shared/loyalty/order-moves.js';
import { refundPointsMoves } from '../../../shared/loyalty/refund-points.js';
import { freshDatabase } from '../../support/test-database.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// A refund of a sale whose earned points expired since (README "Loyalty"): the ledger takes back the
// sale's share of them, and writes back those that had expired already (an `expired` entry above 0),
// so the balance does not lose them twice; the spent points go back whole. What a refund's preview
// says before it is made is what the ledger then writes, the expired ones said apart. The service's
// clock is the test's: it starts 14 months back and only moves forward; the expiry is run by hand.
const DAY = 86_400_000;
let clock = Date.now() - 426 * DAY;
const PROGRAMME = {
  enabled: true,
  pointsPerDollar: 2,
  pointsPerRewardDollar: 100,
  excludedTypes: [],
  tiers: [],
  expiryMonths: 12,
};
const database = await freshDatabase();
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let flower: { id: string };

beforeAll(async () => {
  const now = () => new Date(clock);
  service = await demoService({ ...database.config, now, tokenTtlSeconds: 3 * 365 * 24 * 3600 });
  store = await loyaltyStore(service, PROGRAMME);
  const full = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${full} AND p.type = 'FLOWER'`))[0]!;
  await setStock(service.app, flower.id, 50_000);
}, 60_000);
afterAll(async () => {
  await service.close();
  await database.drop();
});

/** A jar of flower for the customer, `rewardDollars` of it paid with their points. */
async function ticket(customerId: string, rewardDollars: number): Promise<Ticket> {
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(store.register),
    payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 1 }], customerId, rewardDollars },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

const refundPoints = async (orderId: string): Promise<RefundPoints> => {
  const answer = await service.request({
    method: 'GET',
    url: `/v2.0/ticket/${orderId}/refund-points`,
    headers: as(store.register),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<RefundPoints>();
};

/** The refund steps of the order's history, as the manager reads it, with the points each moved. */
const refundSteps = async (orderId: string) => {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/ecommerce/ticket/${orderId}/history`,
    headers: as(store.manager),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const history = answer.json<OrderHistory>();
  return { history, refunds: history.steps.filter((step) => step.kind === 'refund') };
};

describe('a refund of a sale whose earned points expired since, said before it is made', { timeout: 60_000 }, () => {
  it('says how many of the points it takes back had expired, and the ledger writes just that', async () => {
    const dee = await store.newCustomer('Dee', 'Expired', 9_300_000);
    await service.request({
      method: 'POST',
      url: `${STORE}/customers/${dee.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 300, reason: 'Welcome bonus' },
    });
    // The first sale spends 100 points and earns some; a second, never paid, spends all the balance
    // but a quarter of what the first earned. A year on, that quarter expires.
    const first = await ticket(dee.id, 1);
    const payment = await store.payCash(first);
    const { points: balance } = await store.loyaltyOf(dee.id);
    const earned = balance - 200;
    const left = Math.floor(earned / 4);
    expect(left).toBeGreaterThan(0);
    await ticket(dee.id, (balance - left) / 100);
    expect((await store.loyaltyOf(dee.id)).points).toBe(left);
    clock += 400 * DAY;
    const expired = await service.app.pointsExpiry.run();
    expect(expired.find((one) => one.customerId === dee.id)?.points).toBe(left);

    // Half of the first sale's money back: it takes back half its earned points, of which only those
    // left had expired; the others were spent, so the balance owes them.
    const before = await refundPoints(first.orderId);
    expect(before.expired).toBe(left);
    const half = Math.floor(cents(first.total) / 2);
    const counted = refundPointsMoves(before.sale!, { amountCents: half, lines: new Map() }, before.expired);
    expect(counted.takenBack).toBeGreaterThan(left);
    expect(counted.givenBack).toBeGreaterThan(0);
    expect(counted.expired).toBe(left);
    expect(refundPreviewWords(counted, before.customer, 'refund')).toBe(
      `Dee's points: this refund takes back ${counted.takenBack} earned on the sale and gives back ${counted.givenBack} spent on it; ` +
        `${left} of the ${counted.takenBack} earned had expired already and are not taken again.`,
    );
    expect((await store.money(payment.id, 'refund', half)).statusCode).toBe(200);
    expect(await store.undone(dee.id, first.orderId)).toEqual(counted);
    // After it, the history's step says the points it moved as the preview counted them, the
    // expired ones apart.
    const { history, refunds } = await refundSteps(first.orderId);
    expect(refunds.map((step) => step.points)).toEqual([counted]);
    expect(refundPointsWords(refunds[0]!.points!, history.customerName)).toBe(
      `${counted.takenBack} points taken back from Dee Expired, ${counted.givenBack} given back; ` +
        `${left} of the ${counted.takenBack} earned had expired already and ${left === 1 ? 'is' : 'are'} not taken again`,
    );
    const afterHalf = (await store.loyaltyOf(dee.id)).points;
    expect(afterHalf).toBe(0 - counted.takenBack + counted.expired + counted.givenBack);

    // The rest: none of the expired points is left to make up for, so all it takes back comes off.
    // (A minute later: the history pairs each refund's step with the entries written at its time.)
    clock += 60_000;
    const rest = await refundPoints(first.orderId);
    expect(rest.expired).toBe(0);
    const restCounted = refundPointsMoves(rest.sale!, { amountCents: cents(first.total) - half, lines: new Map() });
    expect(restCounted).toEqual({
      takenBack: earned - counted.takenBack,
      givenBack: 100 - counted.givenBack,
      expired: 0,
    });
    expect((await store.money(payment.id, 'refund')).statusCode).toBe(200);
    const all = await store.undone(dee.id, first.orderId);
    expect(all).toEqual({ takenBack: earned, givenBack: 100, expired: left });
    // The second refund's step says no expired points: none were left to make up for.
    const second = (await refundSteps(first.orderId)).refunds.map((step) => step.points);
    expect(second).toEqual([counted, { takenBack: restCounted.takenBack, givenBack: restCounted.givenBack }]);
  });
});
