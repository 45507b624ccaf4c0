import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { addMonths } from '../../../shared/loyalty/expiry.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase } from '../../support/test-database.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

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

const servicepay = (args: string[]) => runServicepay([...args, ...database.args]);

let store: Awaited<ReturnType<typeof loyaltyStore>>;

beforeAll(async () => {
  service = await demoService({ ...database.config, now, tokenTtlSeconds: 5 * 365 * 24 * 3600 });
  store = await loyaltyStore(service, PROGRAMME);
  ({ register, manager } = store);
  const full = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${full} AND p.type = 'FLOWER'`))[0]!;
}, 60_000);
afterAll(async () => {
  await service.close();
  await database.drop();
});

const newCustomer = (firstName: string): Promise<Customer> => store.newCustomer(firstName, 'Expiry', 8_100_000);

/**
 * A jar of flower sold to the customer and paid in cash, at the clock's time: a visit that earns
 * (and spends `rewardDollars` of their points, when given).
 */
async function visit(customerId: string, rewardDollars?: number): Promise<PaymentRecord> {
  await setStock(service.app, flower.id, 50_000);
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(register),
    payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 1 }], customerId, rewardDollars },
  });
  expect(made.statusCode, made.body).toBe(201);
  return store.payCash(made.json<Ticket>());
}

const loyaltyOf = (customerId: string): Promise<CustomerLoyalty> => store.loyaltyOf(customerId);

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
    expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(
      /^loyalty\.expiryMonths must be a whole number from 0 to 120, not 121$/,
    );
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

  it('a refund of a sale whose points expired takes none of them twice; points earned since stay', async () => {
    const on = await servicepay(['loyalty', 'set', '--dispensary', 'demo', '--expiry-months', '12']);
    expect(on.status, on.stderr).toBe(0);
    const dee = await newCustomer('Dee');
    const first = await visit(dee.id);
    const earned = (await loyaltyOf(dee.id)).points;
    clock += 400 * DAY;
    // Everyone's points expire (Ben's and Cara's too): Dee's are those of the first sale.
    const expired = await service.app.pointsExpiry.run();
    expect(expired.find((balance) => balance.customerId === dee.id)?.points).toBe(earned);
    // Back a year on: a second sale earns, then the first is refunded in two halves.
    await visit(dee.id);
    expect((await loyaltyOf(dee.id)).points).toBe(earned);
    const half = Math.floor(first.chargedAmount / 2);
    expect((await store.money(first.id, 'refund', half)).statusCode).toBe(200);
    expect((await store.money(first.id, 'refund')).statusCode).toBe(200);

    const after = await loyaltyOf(dee.id);
    expect(after.points).toBe(earned);
    const ofFirst = after.entries.filter((entry) => entry.orderId === first.ticketId);
    const taken = ofFirst.filter((entry) => entry.kind === 'reversed').reduce((sum, entry) => sum + entry.points, 0);
    const given = ofFirst.filter((entry) => entry.kind === 'expired').reduce((sum, entry) => sum + entry.points, 0);
    expect(taken).toBe(-earned);
    expect(given).toBe(earned);
    expect(ofFirst.find((entry) => entry.kind === 'expired')?.note).toMatch(
      /^\d[\d,]* points? of order \w+ had expired already: not taken twice$/,
    );
    // Told again (the same refund state), nothing more is written.
    expect((await store.money(first.id, 'refund')).statusCode).not.toBe(200);
    expect((await loyaltyOf(dee.id)).entries).toHaveLength(after.entries.length);
  });

  it('a refund that gives back points spent counts as a visit: those points get the whole time again', async () => {
    const fay = await newCustomer('Fay');
    const given = await service.request({
      method: 'POST',
      url: `${STORE}/customers/${fay.id}/loyalty/adjustments`,
      headers: as(manager),
      payload: { points: 500, reason: 'Welcome bonus' },
    });
    expect(given.statusCode, given.body).toBe(200);
    // A sale that spends 200 of them, then thirteen months without a visit.
    const spending = await visit(fay.id, 2);
    const order = spending.ticketId!;
    const spent = await store.undone(fay.id, order);
    expect(spent.givenBack).toBe(0);
    clock += 400 * DAY;
    expect((await loyaltyOf(fay.id)).expiresAt! <= zonedDate(now(), ZONE)).toBe(true);

    // The sale is refunded today: the 200 points come back, and with them a visit.
    expect((await store.money(spending.id, 'refund')).statusCode).toBe(200);
    expect((await store.undone(fay.id, order)).givenBack).toBe(200);
    const today = zonedDate(now(), ZONE);
    const back = await loyaltyOf(fay.id);
    expect(back.expiresAt).toBe(addMonths(today, 12));
    expect(back.points).toBeGreaterThanOrEqual(500);
    expect((await service.app.pointsExpiry.run()).map((balance) => balance.customerId)).not.toContain(fay.id);
    expect((await loyaltyOf(fay.id)).points).toBe(back.points);
  });
});
