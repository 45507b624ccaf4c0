import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { cents, DEMO_CLIENT, demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';
import { COLORADO } from '../../support/state-profiles.js';
import { saleRequests } from './sale-requests.js';

// The state's rules on discounts (README "Deals"): a store enforcing Colorado's profile never gives
// cannabis away (a 100 % deal leaves a unit at 1 cent, a weighed line at 1 cent a gram), taxed after
// the discount; a state whose profile taxes before discounts taxes the price before the deal.
// The quote and the ticket agree to the cent, and a line edit is priced by the same rules.
let service: DemoService;
let manager: string;
let shopper: string;
let folder: string;
const ids: Record<string, string> = {};
let weighed: string;
const NOW = Date.parse('2026-06-15T19:00:00Z');

/** A test state: Colorado's rules, but a 50-cent floor and tax on the price before discounts. */
const TEST_STATE = {
  ...structuredClone(COLORADO),
  id: 'us-nv',
  stateCode: 'NV',
  stateName: 'Nevada',
  discounts: { floorCentsPerUnit: 50, taxBase: 'before_discounts', sources: ['A test of the rules'] },
};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'servicepay-profiles-'));
  writeFileSync(join(folder, 'us-nv.json'), JSON.stringify(TEST_STATE));
  service = await demoService({ now: () => new Date(NOW), profilesDir: folder });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  for (const sku of ['PRE-001']) {
    const found = await setup('GET', `/products/${sku}`);
    ids[sku] = found.json<{ product: { productId: string } }>().product.productId;
  }
  [weighed] = (await products(service.app, "p.type = 'FLOWER' AND p.deli = 1 AND k.on_hand_milli > 20000")).map(
    (product) => product.id,
  ) as [string];
  const scope = (over: object) => ({ productIds: [], brands: [], categories: [], tags: [], ...over });
  for (const deal of [
    { name: 'Pre-rolls on the house', kind: 'percent', percent: 100, scope: scope({ productIds: ['PRE-001'] }) },
    { name: 'Deli on the house', kind: 'percent', percent: 100, scope: scope({ productIds: [weighed] }) },
  ]) {
    const added = await setup('POST', '/deals', deal);
    expect(added.statusCode, added.body).toBe(200);
  }
  const added = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/customers',
    headers: service.headers,
    payload: {
      firstName: 'Maria',
      lastName: 'Garcia',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber: 'D1234567',
      idJurisdiction: 'CO',
      idExpiry: '2030-01-15',
      customerType: 'adult_use',
    },
  });
  expect(added.statusCode, added.body).toBe(201);
  shopper = added.json<{ customer: Customer }>().customer.id;
}, 60_000);
afterAll(async () => {
  await service.close();
  rmSync(folder, { recursive: true, force: true });
});

const setup = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object) =>
  setupRequest(service, manager, method, path, payload);

async function enforce(profile: string | null): Promise<void> {
  const set = await setup('PUT', '/store', { complianceProfile: profile });
  expect(set.statusCode, set.body).toBe(200);
}

const body = (productId: string, quantity: number) => ({
  type: 'PICKUP',
  items: [{ productId, quantity }],
  customerId: shopper,
});
const quote = (productId: string, quantity: number) => saleRequests(service).quote(body(productId, quantity));
const ticket = (productId: string, quantity: number) => saleRequests(service).ticket(body(productId, quantity));
const priced = ({
  items,
  subTotal,
  discount,
  tax,
  total,
}: Pick<TicketQuote, 'items' | 'subTotal' | 'discount' | 'tax' | 'total'>) => ({
  items: items.map(({ priceSell, tax: lineTax, discounts }) => ({ priceSell, tax: lineTax, discounts })),
  subTotal,
  discount,
  tax,
  total,
});
/** The line's amount before discounts and what the deals took off it, in cents. */
const amounts = (answer: TicketQuote) => ({
  before: cents(answer.subTotal),
  deals: answer.items[0]!.discounts.reduce((sum, deal) => sum + cents(deal.amount), 0),
  after: cents(answer.items[0]!.priceSell),
  tax: cents(answer.tax),
});

describe("a sale priced by the state's rules on discounts", () => {
  it('gives pre-rolls away 100 % off where the store enforces no state profile', async () => {
    await enforce(null);
    const two = amounts(await quote(ids['PRE-001']!, 2));
    expect(two.after).toBe(0);
    expect(two.deals).toBe(two.before);
  });

  it("leaves each unit at Colorado's 1 cent, taxed after the discount, on the quote and the ticket alike", async () => {
    await enforce('us-co');
    const answered = await quote(ids['PRE-001']!, 2);
    const two = amounts(answered);
    expect(two).toMatchObject({ after: 2, deals: two.before - 2 });
    expect(answered.items[0]!.discounts).toEqual([
      { dealId: expect.any(String), name: 'Pre-rolls on the house', amount: ((two.before - 2) / 100).toFixed(2) },
    ]);
    // Taxed on the 2 cents the customer pays.
    expect(two.tax).toBeLessThanOrEqual(1);
    expect(priced(await ticket(ids['PRE-001']!, 2))).toEqual(priced(answered));
  });

  it('keeps a weighed line 100 % off at 1 cent a gram, rounded up', async () => {
    await enforce('us-co');
    const answered = await quote(weighed, 3.5);
    expect(answered.items[0]!.priceSell).toBe('0.04');
    expect(priced(await ticket(weighed, 3.5))).toEqual(priced(answered));
  });

  it("holds a state's own floor, and taxes the price before discounts where its profile says so", async () => {
    await enforce('us-nv');
    const answered = await quote(ids['PRE-001']!, 2);
    expect(amounts(answered).after).toBe(100);
    // The same tax as the two pre-rolls without the deal: the discount does not lower it.
    const listed = (await setup('GET', '/deals')).json<{ deals: { id: string; name: string }[] }>();
    const deal = listed.deals.find((one) => one.name === 'Pre-rolls on the house')!;
    expect((await setup('PATCH', `/deals/${deal.id}`, { active: false })).statusCode).toBe(200);
    try {
      const undiscounted = amounts(await quote(ids['PRE-001']!, 2));
      expect(undiscounted.deals).toBe(0);
      expect(amounts(answered).tax).toBe(undiscounted.tax);
      expect(undiscounted.tax).toBeGreaterThan(100);
    } finally {
      expect((await setup('PATCH', `/deals/${deal.id}`, { active: true })).statusCode).toBe(200);
    }
    expect(priced(await ticket(ids['PRE-001']!, 2))).toEqual(priced(answered));
  });

  it('refuses to quote, as to sell, at a store whose profile this service has not loaded', async () => {
    const { db } = service.app.ctx;
    await db.write((tx) =>
      tx.run(
        db.builder.updateTable('dispensaries').set({ compliance_profile: 'us-wa' }).where('short_name', '=', 'demo'),
      ),
    );
    await db.invalidateCaches();
    try {
      const url = '/v2.0/dispensary/demo/ecommerce/ticket/quote';
      const answer = await service.request({
        method: 'POST',
        url,
        headers: service.headers,
        payload: body(weighed, 1),
      });
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json<{ resultDetail: string }>().resultDetail).toMatch(
        /^this store enforces the state profile "us-wa", which this service has not loaded/,
      );
    } finally {
      await enforce('us-co');
    }
  });

  it("prices a line edit by the same rules: a grown line's units stay at the floor", async () => {
    await enforce('us-co');
    const made = await ticket(ids['PRE-001']!, 2);
    const edited = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${made.orderId}/lines`,
      headers: { ...DEMO_CLIENT, authorization: `Bearer ${manager}` },
      payload: { changes: [{ lineIndex: 1, quantity: 4 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const ticketNow = edited.json<Ticket>();
    expect(ticketNow.items[0]!.priceSell).toBe('0.04');
    expect(priced(ticketNow)).toEqual(priced(await quote(ids['PRE-001']!, 4)));
  });
});
