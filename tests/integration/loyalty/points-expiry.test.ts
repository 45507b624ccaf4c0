import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { addMonths } from '../../../shared/loyalty/expiry.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { pay, session } from '../payments/support/payment-fixtures.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT, demoService, login, type DemoService } from '../support/demo-service.js';

// Points expiry (README "Loyalty"): with `expiryMonths` set, a customer's whole balance expires that
// many months after their last visit, in the store's days, as one `expired` entry by `system`. The
// service's clock is the test's: it starts 14 months back and only moves forward; the expiry is run
// by hand (the service's own `pointsExpiry`), never waited for. The command line runs on the real
// clock, which is where the service's clock ends.
const DAY = 86_400_000;
const ZONE = 'America/Los_Angeles';
const REAL_NOW = Date.now();
let clock = REAL_NOW - 426 * DAY;
const now = () => new Date(clock);
const STORE = '/v2.0/dispensary/demo';
const PROGRAMME = {
  enabled: true,
  pointsPerDollar: 2,
  pointsPerRewardDollar: 100,
  excludedTypes: [],
  tiers: [],
  offlineSpendCents: 2000,
  expiryMonths: 12,
};
const database = await freshDatabase();
let service: DemoService;
let register: string;
let manager: string;
let flower: { id: string; priceCents: number };
let idNumber = 8_100_000;

const as = (token: string) => ({ ...DEMO_CLIENT, authorization: `Bearer ${token}` });
const servicepay = (args: string[]) => runServicepay([...args, ...database.args]);

beforeAll(async () => {
  service = await demoService({ ...database.config, now, tokenTtlSeconds: 3 * 365 * 24 * 3600 });
  register = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-1');
  manager = await login(service.app, 'manager', 'manager-demo-1');
  shiftOf(await drawer(service, register, 'front-1', 'open', { amount: 20000 }));
  const set = await service.request({
    method: 'PUT',
    url: `${STORE}/setup/store`,
    headers: as(manager),
    payload: { loyalty: PROGRAMME },
  });
  expect(set.statusCode, set.body).toBe(200);
  const full = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${full} AND p.type = 'FLOWER'`))[0]!;
}, 60_000);
afterAll(async () => {
  await service.close();
  await database.drop();
});

async function newCustomer(firstName: string): Promise<Customer> {
  idNumber += 1;
  const added = await service.request({
    method: 'POST',
    url: `${STORE}/customers`,
    headers: service.headers,
    payload: {
      firstName,
      lastName: 'Expiry',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber: `D${idNumber}`,
      idJurisdiction: 'CA',
      idExpiry: '2035-01-15',
      customerType: 'adult_use',
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ customer: Customer }>().customer;
}

/** A jar of flower sold to the customer and paid in cash, at the clock's time: a visit that earns. */
async function visit(customerId: string): Promise<void> {
  await setStock(service.app, flower.id, 50_000);
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(register),
    payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 1 }], customerId },
  });
  expect(made.statusCode, made.body).toBe(201);
  const ticket = made.json<Ticket>();
  const total = cents(ticket.total);
  const opened = await session(service, register, { ticketAlphaNumId: ticket.orderNumber, originalAmount: total });
  const paid = await pay(service, register, opened.sessionId, {
    paymentMethod: 'Cash',
    amount: total,
    tenderedAmount: total,
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

async function loyaltyOf(customerId: string): Promise<CustomerLoyalty> {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/customers/${customerId}/loyalty`,
    headers: as(register),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ loyalty: CustomerLoyalty }>().loyalty;
}

describe('points expiry', { timeout: 120_000 }, () => {
  it('expires the balance of a customer not seen for 12 months, once; a customer seen since keeps theirs', async () => {
    const ana = await newCustomer('Ana');
    const ben = await newCustomer('Ben');
    await visit(ana.id);
    await visit(ben.id);
    const earned = (await loyaltyOf(ana.id)).points;
    expect(earned).toBeGreaterThan(0);
    const firstVisit = zonedDate(now(), ZONE);
    expect((await loyaltyOf(ana.id)).expiresAt).toBe(addMonths(firstVisit, 12));
    // Eleven months on: nothing is due yet.
    clock += 334 * DAY;
    expect(await service.app.pointsExpiry.run()).toEqual([]);
    await visit(ben.id);
    const benVisit = zonedDate(now(), ZONE);
    const benBefore = await loyaltyOf(ben.id);

    // The command line, on the real clock (past Ana's expiry date): who would lose what, nothing written.
    const dry = await servicepay(['loyalty', 'expire', '--dispensary', 'demo', '--dry-run']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`${earned.toLocaleString('en-US')} point`);
    expect(dry.stdout).toMatch(/of 1 customer would expire after 12 months without a visit\. Nothing was written/);
    expect(dry.stdout).toMatch(/Ana Expiry/);
    expect(dry.stdout).not.toMatch(/Ben Expiry/);
    expect((await loyaltyOf(ana.id)).points).toBe(earned);

    clock = REAL_NOW;
    const expired = await service.app.pointsExpiry.run();
    expect(expired).toEqual([
      expect.objectContaining({ store: 'demo', customerId: ana.id, name: 'Ana Expiry', points: earned, months: 12 }),
    ]);
    const ana2 = await loyaltyOf(ana.id);
    expect(ana2).toMatchObject({ points: 0, rewardCents: 0, expiresAt: null, lifetimePoints: earned });
    expect(ana2.entries[0]).toMatchObject({
      kind: 'expired',
      points: -earned,
      orderId: null,
      note: 'Points expired after 12 months without a visit',
      by: 'system',
    });
    const ben2 = await loyaltyOf(ben.id);
    expect(ben2.points).toBe(benBefore.points);
    expect(ben2.expiresAt).toBe(addMonths(benVisit, 12));

    // Twice: nothing new, by the service or the command line.
    expect(await service.app.pointsExpiry.run()).toEqual([]);
    const again = await servicepay(['loyalty', 'expire', '--dispensary', 'demo']);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^Green Valley Dispensary: no points are due to expire \(12 months without a visit\)/);
    expect((await loyaltyOf(ana.id)).entries.filter((entry) => entry.kind === 'expired')).toHaveLength(1);
  });

  it('refuses months past ten years in words, and a programme without expiry never expires', async () => {
    const refused = await service.request({
      method: 'PUT',
      url: `${STORE}/setup/store`,
      headers: as(manager),
      payload: { loyalty: { expiryMonths: 121 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(/^loyalty\.expiryMonths must be <= 120/);
    const long = await servicepay(['loyalty', 'set', '--dispensary', 'demo', '--expiry-months', '121']);
    expect(long.stderr).toContain(
      '--expiry-months must be a whole number of months from 1 to 120, or 0 for points that never expire',
    );
    const cli = await servicepay(['loyalty', 'set', '--dispensary', 'demo', '--expiry-months', 'soon']);
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain('--expiry-months must be a whole number, not "soon"');
    const off = await servicepay(['loyalty', 'set', '--dispensary', 'demo', '--expiry-months', '0']);
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toContain('Points never expire.');
    const cara = await newCustomer('Cara');
    await visit(cara.id);
    expect((await loyaltyOf(cara.id)).expiresAt).toBeNull();
  });
});
