import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordSync } from '../../../electron/server/auth/passwords.js';
import { UsersRepository } from '../../../electron/server/auth/users-repository.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import type { Customer, NewCustomer } from '../../../shared/contracts/customers.js';
import { products } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';

// A store that enforces California's rules at ticket creation: cannabis needs a customer whose ID
// passes today's check; an accessory-only ticket does not. The clock is noon, June 15, 2026 (LA).
let service: DemoService;
let flower: string | undefined;
let grinder: string | undefined;
/** A jar of 3.5 g of flower. */
let eighth: string | undefined;
const NOW = Date.parse('2026-06-15T19:00:00Z');

const post = (url: string, payload: object) =>
  service.request({ method: 'POST', url, headers: service.headers, payload });
const ticket = (productId: string, customerId?: string, quantity = 1) =>
  post('/v2.0/dispensary/demo/ecommerce/ticket', {
    type: 'PICKUP',
    items: [{ productId, quantity }],
    ...(customerId && { customerId }),
  });

/** An adult with a valid Californian licence. */
const SHOPPER: NewCustomer = {
  firstName: 'Maria',
  lastName: 'Garcia',
  dateOfBirth: '1990-01-15',
  idType: 'drivers_licence',
  idNumber: 'D1234567',
  idJurisdiction: 'CA',
  idExpiry: '2030-01-15',
  customerType: 'adult_use',
};

async function customer(overrides: Partial<NewCustomer>): Promise<Customer> {
  const added = await post('/v2.0/dispensary/demo/customers', { ...SHOPPER, ...overrides });
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ customer: Customer }>().customer;
}

function refused(answer: LightMyRequestResponse, status: number, reason: string, detail: RegExp): void {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json()).toMatchObject({ resultCode: 'FAIL', resultReason: reason });
  expect(answer.json<{ resultDetail: string }>().resultDetail).toMatch(detail);
}

beforeAll(async () => {
  service = await demoService({ now: () => new Date(NOW) });
  [flower] = (await products(service.app, "p.type = 'FLOWER' AND p.deli = 0 AND k.on_hand_milli > 10000")).map(
    (product) => product.id,
  );
  [grinder] = (await products(service.app, "p.type = 'ACCESSORY' AND k.on_hand_milli > 10000")).map(
    (product) => product.id,
  );
  [eighth] = (
    await products(
      service.app,
      "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500 AND k.on_hand_milli > 20000",
    )
  ).map((product) => product.id);
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: { authorization: `Bearer ${manager}` },
    payload: { complianceProfile: 'us-ca' },
  });
  expect(set.json<{ store: { complianceProfile: string } }>().store.complianceProfile).toBe('us-ca');
}, 60_000);
afterAll(() => service.close());

describe('a store enforcing state rules at ticket creation', () => {
  it('refuses cannabis without a customer, and sells accessories without one', async () => {
    refused(await ticket(flower!), 403, 'ID_NOT_VERIFIED', /^California requires a customer with a checked ID/);
    expect((await ticket(grinder!)).statusCode).toBe(201);
  });

  it("refuses an under-age customer or an expired ID, in the check's words", async () => {
    const young = await customer({ firstName: 'Tyler', idNumber: 'D2000001', dateOfBirth: '2005-06-16' });
    refused(
      await ticket(flower!, young.id),
      403,
      'ID_NOT_VERIFIED',
      /^the customer may not buy today: The customer is 20: adult-use sales need 21/,
    );
    const expired = await customer({ firstName: 'Eva', idNumber: 'D2000002', idExpiry: '2026-06-14' });
    refused(await ticket(flower!, expired.id), 403, 'ID_NOT_VERIFIED', /expired/);
  });

  it('sells to a customer whose ID passes, and keeps the customer with the order', async () => {
    const adult = await customer({ idNumber: 'D2000003', dateOfBirth: '2005-06-15' });
    const sold = await ticket(flower!, adult.id);
    expect(sold.statusCode, sold.body).toBe(201);
    const { orderId, customerId } = sold.json<{ orderId: string; customerId: string | null }>();
    expect(customerId).toBe(adult.id);
    const read = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}`,
      headers: service.headers,
    });
    expect(read.json<{ customerId: string | null }>().customerId).toBe(adult.id);
  });

  it("refuses a customer who is not the store's, and so does the ticket's quote", async () => {
    refused(await ticket(flower!, 'no-such-customer'), 400, 'INVALID_INPUT', /customerId does not name a customer/);
    const quote = await post('/v2.0/dispensary/demo/ecommerce/ticket/quote', {
      type: 'PICKUP',
      items: [{ productId: flower!, quantity: 1 }],
      customerId: 'no-such-customer',
    });
    refused(quote, 400, 'INVALID_INPUT', /customerId does not name a customer of this store: no-such-customer/);
  });

  it("keeps a customer within the day's limits, counting their earlier tickets", async () => {
    const buyer = await customer({ firstName: 'Lena', idNumber: 'D2000004' });
    // 8 × 3.5 g = 28 g of the 28.5 g a day: sold; one more jar would make 31.5 g.
    const first = await ticket(eighth!, buyer.id, 8);
    expect(first.statusCode, first.body).toBe(201);
    refused(await ticket(eighth!, buyer.id), 409, 'PURCHASE_LIMIT', /28\.5 g daily limit/);
    // Accessories count toward nothing; another customer has their own allowance.
    expect((await ticket(grinder!, buyer.id)).statusCode).toBe(201);
    const other = await customer({ firstName: 'Omar', idNumber: 'D2000005' });
    expect((await ticket(eighth!, other.id)).statusCode).toBe(201);
    // A canceled ticket no longer counts.
    const { orderId } = first.json<{ orderId: string }>();
    const canceled = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/cancel`,
      headers: service.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await ticket(eighth!, buyer.id)).statusCode).toBe(201);
  });

  it('lets an ecommerce site (the integration role) add its shopper, read their allowance and name them', async () => {
    const { db } = service.app.ctx;
    await db.write((tx) =>
      new UsersRepository(db).create(
        tx,
        {
          organizationId: DEMO.organizationId,
          username: 'storefront',
          role: 'integration',
          passwordHash: hashPasswordSync('storefront-pw-1'),
        },
        new Date(NOW),
      ),
    );
    const storefront = {
      ...service.headers,
      authorization: `Bearer ${await login(service.app, 'storefront', 'storefront-pw-1')}`,
    };
    const added = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/customers',
      headers: storefront,
      payload: { ...SHOPPER, firstName: 'Rosa', idNumber: 'D2000006' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const shopper = added.json<{ customer: Customer }>().customer;
    expect(shopper.createdBy).toBe('storefront');
    const sold = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: storefront,
      payload: { type: 'PICKUP', items: [{ productId: eighth!, quantity: 8 }], customerId: shopper.id },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const allowance = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/customers/${shopper.id}/allowance`,
      headers: storefront,
    });
    expect(allowance.statusCode, allowance.body).toBe(200);
    const over = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: storefront,
      payload: { type: 'PICKUP', items: [{ productId: eighth!, quantity: 1 }], customerId: shopper.id },
    });
    refused(over, 409, 'PURCHASE_LIMIT', /28\.5 g daily limit/);
  });

  it('refuses cannabis whose package has no seed-to-sale tag, naming the product', async () => {
    const buyer = await customer({ firstName: 'Nina', idNumber: 'D2000007' });
    const { db } = service.app.ctx;
    const untag = (label: string) =>
      db.write((tx) => tx.run(db.builder.updateTable('packages').set({ label }).where('product_id', '=', flower!)));
    const [before] = await db.all(db.builder.selectFrom('packages').select('label').where('product_id', '=', flower!));
    await untag('');
    try {
      refused(await ticket(flower!, buyer.id), 409, 'CONFLICT', /^\S.* has no package tag: California tracks/);
    } finally {
      await untag(before!.label);
    }
    expect((await ticket(flower!, buyer.id)).statusCode).toBe(201);
  });
});
