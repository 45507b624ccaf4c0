import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { SummaryReport } from '../../../shared/contracts/reports.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { drawer, loginAt, reportOf } from '../cash/support/drawer-fixtures.js';
import { pay, session } from '../payments/support/payment-fixtures.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// README "Reports" and "Loyalty": a sale paid partly with reward dollars gives them all back with its
// money, as the loyalty ledger gives back every point they cost, whichever of its payments the money
// goes back from. Paid in two tenders, each refunded whole, the reports said $7.76 of $7.77 given back
// and a cent of its tax kept: each payment's share was rounded down on its own.
const clock = { now: new Date('2026-11-17T18:00:00.000Z') };
const DAY = '2026-11-17';
const PROGRAMME = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
/** The manager signed in at register front-1, so that the drawer's report has the refunds. */
let managerAtRegister: string;
const sku = async (code: string) => (await products(service.app, `p.sku = '${code}'`))[0]!.id;

const report = async <T>(name: string) => {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/reports/${name}?from=${DAY}&to=${DAY}`,
    headers: as(store.manager),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};

/** A ticket rung up at register front-1. */
async function ringUp(
  payload: object,
): Promise<Ticket & { items: { id: string; productId: string; name: string; tax: number }[] }> {
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(store.register),
    payload: { type: 'PICKUP', ...payload },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

/** Pays the ticket in cash at the register in parts of `amounts` cents (the last takes the rest). */
async function payInParts(ticket: Ticket, amounts: number[]): Promise<PaymentRecord[]> {
  const total = cents(ticket.total);
  const opened = await session(service, store.register, {
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: total,
  });
  const parts = [...amounts, total - amounts.reduce((sum, part) => sum + part, 0)];
  const paid: PaymentRecord[] = [];
  for (const amount of parts) {
    const answer = await pay(service, store.register, opened.sessionId, {
      paymentMethod: 'Cash',
      amount,
      tenderedAmount: amount,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    paid.push(answer.json<{ payment: PaymentRecord }>().payment);
  }
  return paid;
}

/** The manager at the register refunds `body` of the payment, a minute after the last step. */
async function refund(paymentId: string, body: object): Promise<void> {
  clock.now = new Date(clock.now.getTime() + 60_000);
  const answer = await service.request({
    method: 'POST',
    url: `/v2.0/payments/${paymentId}/refund`,
    headers: { authorization: `Bearer ${managerAtRegister}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'Returned', ...body }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

beforeAll(async () => {
  service = await demoService({ now: () => clock.now });
  store = await loyaltyStore(service, PROGRAMME);
  managerAtRegister = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
  for (const code of ['EDI-001', 'ACC-005']) await setStock(service.app, await sku(code), 50_000);
}, 60_000);
afterAll(() => service?.close());

describe('a sale paid partly with reward dollars in two tenders, each refunded whole', () => {
  it('gives back all its reward dollars and all its tax in the reports, as the ledger gives back every point', async () => {
    const ana = await store.newCustomer('Ana', 'Lopez', 8_400_000);
    const adjusted = await service.request({
      method: 'POST',
      url: `${STORE}/customers/${ana.id}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 10_000, reason: 'Welcome bonus' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const ticket = await ringUp({
      customerId: ana.id,
      rewardDollars: 7.77,
      items: [
        { productId: await sku('ACC-005'), quantity: 2 },
        { productId: await sku('EDI-001'), quantity: 2 },
      ],
    });
    expect(cents(ticket.payByPoints)).toBe(-777);
    const payments = await payInParts(ticket, [Math.floor(cents(ticket.total) / 2)]);
    for (const payment of payments) await refund(payment.id, { amount: payment.originalAmount });
    // The ledger gave back all 777 points the reward dollars cost.
    const spent = (await store.loyaltyOf(ana.id)).entries.filter((entry) => entry.kind === 'returned');
    expect(spent.reduce((sum, entry) => sum + entry.points, 0)).toBe(777);

    const day = (await report<SummaryReport>('summary')).total;
    expect([day.rewardCents, day.rewardBackCents]).toEqual([777, 777]);
    expect([day.netCents, day.returnsTaxCents]).toEqual([0, day.taxCents]);
    const x = reportOf(await drawer(service, store.register, 'front-1', 'x-report')).sales!.summary!;
    expect([x.net, x.rewardDollars, x.rewardDollarsBack, x.taxRefunded]).toEqual([0, 777, 777, x.tax]);
  });
});
