import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { enrolledRegister } from '../support/registers.js';

/**
 * A store server (the demo, enforcing California's rules, its clock the test's) with two registers
 * enrolled, for the allowance a register's sale holds with its units (issue 34): the registers'
 * credentials, flower by the gram and by the jar in stock, and the calls a test makes.
 */
export interface AllowanceHarness {
  service: DemoService;
  /** The registers' HTTP Basic credentials. */
  front1: string;
  front2: string;
  /** The package of the flower by the gram, and its product. */
  packageId: string;
  flower: string;
  /** Moves the server's clock by `ms`. */
  advance(ms: number): void;
  now(): Date;
  newCustomer(idNumber: string, overrides?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** Holds 1 unit and `grams` of the customer's allowance, as register `basic`. */
  hold(basic: string, holdId: string, customerId: string, grams: number): Promise<LightMyRequestResponse>;
  /** The server's own ticket (its ecommerce API) of `jars` of 3.5 g for the customer. */
  online(customerId: string, jars: number): Promise<LightMyRequestResponse>;
  /** The allowance held at the server: of one hold, or of every hold not expired. */
  held(id?: string): Promise<{ id: string; milli: number }[]>;
}

/** `grams` of flower by the gram, as a register's hold names the lines of its sale. */
export const flowerLines = (grams: number) => [
  {
    type: 'FLOWER',
    name: 'Granddaddy Purple (by the gram)',
    deli: 1,
    quantityMilli: grams * 1000,
    cannabisWeightMg: null,
    thcMg: null,
  },
];

export async function allowanceHarness(expiryMs: number): Promise<AllowanceHarness> {
  let clock = Date.parse('2026-06-15T19:00:00Z');
  const service = await demoService({ now: () => new Date(clock), holdExpiryMs: expiryMs });
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  const asManager = { authorization: `Bearer ${manager}` };
  const set = await service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: asManager,
    payload: { complianceProfile: 'us-ca' },
  });
  expect(set.statusCode, set.body).toBe(200);
  const [deli] = await products(service.app, "p.type = 'FLOWER' AND p.deli = 1");
  await setStock(service.app, deli!.id, 1_000_000);
  const [jar] = await products(service.app, "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500");
  await setStock(service.app, jar!.id, 100_000);
  const enroll = async (name: string) => (await enrolledRegister(service.app, manager, name)).authorization;
  const { db } = service.app.ctx;
  return {
    service,
    front1: await enroll('front-1'),
    front2: await enroll('front-2'),
    packageId: deli!.packageId,
    flower: deli!.id,
    advance: (ms) => {
      clock += ms;
    },
    now: () => new Date(clock),
    newCustomer: (idNumber, overrides = {}) =>
      service.request({
        method: 'POST',
        url: '/v2.0/dispensary/demo/customers',
        headers: service.headers,
        payload: {
          firstName: 'Noor',
          lastName: 'Haddad',
          dateOfBirth: '1985-06-20',
          idType: 'drivers_licence',
          idNumber,
          idJurisdiction: 'CA',
          idExpiry: '2035-06-20',
          customerType: 'adult_use',
          ...overrides,
        },
      }),
    hold: (basic, holdId, customerId, grams) =>
      service.request({
        method: 'POST',
        url: '/v2.0/register/holds',
        headers: { authorization: basic },
        payload: {
          holdId,
          reservations: [{ packageId: deli!.packageId, milli: 1000 }],
          allowance: { customerId, lines: flowerLines(grams) },
        },
      }),
    online: (customerId, jars) =>
      service.request({
        method: 'POST',
        url: '/v2.0/dispensary/demo/ecommerce/ticket',
        headers: service.headers,
        payload: { type: 'PICKUP', customerId, items: [{ productId: jar!.id, quantity: jars }] },
      }),
    held: (id) => {
      let query = db.builder.selectFrom('allowance_holds').select(['id', 'quantity_milli as milli']);
      query = id ? query.where('id', '=', id) : query.where('expires_at', '>', new Date(clock).toISOString());
      return db.all(query.orderBy('line'));
    },
  };
}

/** The id of a customer added at the server (201 expected). */
export function customerIdOf(added: LightMyRequestResponse): string {
  expect(added.statusCode, added.body).toBe(201);
  return added.json<{ customer: { id: string } }>().customer.id;
}
