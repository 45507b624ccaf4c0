import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stock } from '../support/catalog-fixtures.js';
import { allowanceHarness, customerIdOf, type AllowanceHarness } from './allowance-support.js';

// A register's sale holds its customer's allowance at the store server with its units (issue 34):
// what one register holds counts at once against another register's sale and the server's own
// tickets, until the register gives it back or the hold expires.
const EXPIRY_MS = 60_000;
let server: AllowanceHarness;

beforeAll(async () => {
  server = await allowanceHarness(EXPIRY_MS);
}, 60_000);
afterAll(() => server.service.close());

describe("a customer's allowance held at the store server", () => {
  it('counts against the other registers and the server, until given back or expired', async () => {
    const customerId = customerIdOf(await server.newCustomer('D4000001'));
    const first = randomUUID();
    const held = await server.hold(server.front1, first, customerId, 20);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ held: true, purchases: [] });
    expect(await server.held()).toEqual([{ id: first, milli: 20_000 }]);

    // Another register's 10 g, and the server's own ticket of 10.5 g: over, counting the hold.
    const over = await server.hold(server.front2, randomUUID(), customerId, 10);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({
      resultReason: 'PURCHASE_LIMIT',
      resultDetail: expect.stringMatching(/30 g of the 28\.5 g daily limit: 8\.5 g left today/),
    });
    expect((await server.online(customerId, 3)).json()).toMatchObject({ resultReason: 'PURCHASE_LIMIT' });
    // Refused, it held nothing: neither allowance nor units.
    expect(await server.held()).toEqual([{ id: first, milli: 20_000 }]);
    expect((await stock(server.service.app, server.flower)).reservedMilli).toBe(1000);
    const allowance = await server.service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/customers/${customerId}/allowance`,
      headers: server.service.headers,
    });
    expect(allowance.json<{ groups: { summary: string }[] }>().groups[0]!.summary).toBe('8.5 g of 28.5 g left today');
    // A register asking the customer's purchases (the allowance beside its cart) is told of it too.
    const window = new URLSearchParams({
      customerId,
      from: '2026-06-15T07:00:00.000Z',
      to: '2026-06-16T07:00:00.000Z',
    });
    const purchases = await server.service.request({
      method: 'GET',
      url: `/v2.0/register/purchases?${window.toString()}`,
      headers: { authorization: server.front2 },
    });
    expect(purchases.json<{ lines: unknown[] }>().lines).toMatchObject([{ orderId: first, quantityMilli: 20_000 }]);

    // Only the register that holds it gives it back; then the other register's 10 g pass.
    const release = (basic: string) =>
      server.service.request({
        method: 'DELETE',
        url: `/v2.0/register/holds/${first}`,
        headers: { authorization: basic },
      });
    expect((await release(server.front2)).json()).toMatchObject({ released: 0 });
    expect(await server.held()).toHaveLength(1);
    expect((await release(server.front1)).json()).toMatchObject({ released: 1 });
    const second = randomUUID();
    const passes = await server.hold(server.front2, second, customerId, 10);
    expect(passes.statusCode, passes.body).toBe(200);
    // The same hold sent again (its answer was lost) holds nothing twice, nor counts against itself.
    expect((await server.hold(server.front2, second, customerId, 10)).json()).toMatchObject({
      held: true,
      purchases: [],
    });
    expect(await server.held()).toEqual([{ id: second, milli: 10_000 }]);

    // No sale came: once the hold expired it counts no more.
    server.advance(EXPIRY_MS);
    const whole = await server.hold(server.front1, randomUUID(), customerId, 28.5);
    expect(whole.statusCode, whole.body).toBe(200);
    server.advance(EXPIRY_MS);
  });

  it('refuses a customer whose ID does not pass today, and holds no allowance where the store knows no such customer', async () => {
    const expired = customerIdOf(await server.newCustomer('D4000002', { idExpiry: '2020-01-01' }));
    const refused = await server.hold(server.front1, randomUUID(), expired, 1);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ resultReason: 'ID_NOT_VERIFIED' });
    // A customer the register added and has not sent yet: the units are held, the register decides the limits.
    const unknown = await server.hold(server.front1, randomUUID(), 'not-sent-yet', 20);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toMatchObject({ held: true });
    expect(unknown.json()).not.toHaveProperty('purchases');
  });
});
