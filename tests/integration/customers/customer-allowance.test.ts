import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Allowance, Customer, NewCustomer, StoreRules } from '../../../shared/contracts/customers.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { CALIFORNIA } from '../../support/state-profiles.js';

// The allowance route on the demo store (America/Los_Angeles), its clock moved by each test: what a
// customer may still buy today counts what they bought earlier the same store day at any register,
// and nothing of the day before, the day turning at midnight in the store's zone, not UTC's.
let service: DemoService;
let manager: string;
/** A jar of 3.5 g of flower. */
let eighth: string;
let clock = Date.parse('2026-06-15T19:00:00Z');

const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const get = (url: string) => service.request({ method: 'GET', url, headers: service.headers });
const post = (url: string, payload: object) =>
  service.request({ method: 'POST', url, headers: service.headers, payload });

async function customer(overrides: Partial<NewCustomer>): Promise<Customer> {
  const added = await post(CUSTOMERS, {
    firstName: 'Maria',
    lastName: 'Garcia',
    dateOfBirth: '1990-01-15',
    idType: 'drivers_licence',
    idNumber: 'D3000000',
    idJurisdiction: 'CA',
    idExpiry: '2030-01-15',
    customerType: 'adult_use',
    ...overrides,
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ customer: Customer }>().customer;
}

/** Jars of flower sold to `customerId` at the moment `at`, through the ticket API. */
async function buy(customerId: string, jars: number, at: string): Promise<void> {
  clock = Date.parse(at);
  const sold = await post('/v2.0/dispensary/demo/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId: eighth, quantity: jars }],
    customerId,
  });
  expect(sold.statusCode, sold.body).toBe(201);
}

async function allowance(customerId: string, at: string): Promise<Allowance> {
  clock = Date.parse(at);
  const answer = await get(`${CUSTOMERS}/${customerId}/allowance`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Allowance>();
}

const group = (answer: Allowance, id: string) => answer.groups.find((entry) => entry.group === id)!;

async function enforce(profile: string | null): Promise<void> {
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: { authorization: `Bearer ${manager}` },
    payload: { complianceProfile: profile },
  });
  expect(set.statusCode, set.body).toBe(200);
}

beforeAll(async () => {
  service = await demoService({ now: () => new Date(clock) });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  const jars = await products(service.app, "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500");
  eighth = jars[0]!.id;
  await setStock(service.app, eighth, 100_000);
}, 60_000);
afterAll(() => service.close());

describe("a customer's allowance for today", () => {
  it('says which rules the store enforces, and answers California’s for a store enforcing none', async () => {
    expect((await get(`${CUSTOMERS}/rules`)).json<StoreRules>().profile).toBeNull();
    const walkIn = await customer({ firstName: 'Nia', idNumber: 'D3000001' });
    const answer = await allowance(walkIn.id, '2026-06-15T19:00:00Z');
    expect(answer).toMatchObject({ enforced: false, profile: { id: 'us-ca' }, today: '2026-06-15', period: 'day' });
    await enforce('us-ca');
    // The whole profile, as the service loaded it: the register counts its cart by the very same rules.
    expect((await get(`${CUSTOMERS}/rules`)).json<StoreRules>().profile).toEqual(CALIFORNIA);
    expect((await allowance(walkIn.id, '2026-06-15T19:00:00Z')).profile).toEqual(CALIFORNIA);
  });

  it('counts a first visit in the second one the same day, at any register', async () => {
    const buyer = await customer({ firstName: 'Lena', idNumber: 'D3000002' });
    const fresh = await allowance(buyer.id, '2026-06-15T17:00:00Z');
    expect(fresh).toMatchObject({ enforced: true, verification: { verified: true, age: 36 }, purchases: [] });
    expect(fresh.customer).toEqual({ type: 'adult_use', age: 36 });
    expect(group(fresh, 'non_concentrated')).toMatchObject({
      limit: 28_500,
      alreadyBought: 0,
      remaining: 28_500,
      summary: '28.5 g of 28.5 g left today',
    });

    await buy(buyer.id, 2, '2026-06-15T17:05:00Z');
    const later = await allowance(buyer.id, '2026-06-15T23:00:00Z');
    expect(later.purchases).toEqual([expect.objectContaining({ category: 'FLOWER', units: 2, weightMg: 7000 })]);
    expect(group(later, 'non_concentrated')).toMatchObject({
      alreadyBought: 7_000,
      remaining: 21_500,
      over: false,
      summary: '21.5 g of 28.5 g left today',
    });
    expect(group(later, 'concentrate')).toMatchObject({ alreadyBought: 0, remaining: 8_000 });

    // The second visit buys six more jars (28 g in all); 0.5 g is left, as ticket creation counts it.
    await buy(buyer.id, 6, '2026-06-15T23:10:00Z');
    expect(group(await allowance(buyer.id, '2026-06-15T23:20:00Z'), 'non_concentrated')).toMatchObject({
      alreadyBought: 28_000,
      remaining: 500,
      summary: '0.5 g of 28.5 g left today',
    });
  });

  it("starts afresh at midnight in the store's time zone, not at midnight UTC", async () => {
    const buyer = await customer({ firstName: 'Omar', idNumber: 'D3000003' });
    // 23:30 on June 14 in Los Angeles is 06:30 on June 15 in UTC.
    await buy(buyer.id, 3, '2026-06-15T06:30:00Z');
    const sameNight = await allowance(buyer.id, '2026-06-15T06:55:00Z');
    expect(sameNight.today).toBe('2026-06-14');
    expect(group(sameNight, 'non_concentrated').remaining).toBe(18_000);
    const nextMorning = await allowance(buyer.id, '2026-06-15T07:05:00Z');
    expect(nextMorning.today).toBe('2026-06-15');
    expect(nextMorning.purchases).toEqual([]);
    expect(group(nextMorning, 'non_concentrated').remaining).toBe(28_500);
  });

  it('follows the customer type, and says when the ID does not pass today', async () => {
    const patient = await customer({
      firstName: 'Ravi',
      idNumber: 'D3000004',
      dateOfBirth: '2006-01-10',
      customerType: 'medical',
      medical: { number: 'REC-100', expires: '2027-01-01' },
    });
    const medical = await allowance(patient.id, '2026-06-15T19:00:00Z');
    expect(medical.customer.type).toBe('medical');
    expect(medical.verification).toMatchObject({ verified: true, age: 20 });
    expect(medical.groups.map((entry) => [entry.group, entry.limit])).toEqual([
      ['medicinal_cannabis', 226_796],
      ['immature_plants', 12],
    ]);

    const expired = await customer({ firstName: 'Eva', idNumber: 'D3000005', idExpiry: '2026-06-14' });
    expect((await allowance(expired.id, '2026-06-15T19:00:00Z')).verification).toMatchObject({
      verified: false,
      reason: 'This ID expired on June 14, 2026.',
    });
    expect((await get(`${CUSTOMERS}/no-such-customer/allowance`)).statusCode).toBe(404);
  });
});
