import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketQuote } from '../../../shared/contracts/ticket.js';
import { products } from '../support/catalog-fixtures.js';
import { login } from '../support/demo-service.js';
import { allowanceHarness, customerIdOf, type AllowanceHarness } from './allowance-support.js';

// A register's sale that uses a deal with a limit counts the deal's uses at the store server, with
// its hold (README "Deals"): the server's own orders, and what other registers hold, under the
// deal's row lock; a use held counts against the server's own tickets until it is given back or
// expires. Here on the server alone (its clock the test's); deal-limits-attached.test.ts runs a register.
const EXPIRY_MS = 60_000;
let server: AllowanceHarness;
let manager: string;
let jar: string;

beforeAll(async () => {
  server = await allowanceHarness(EXPIRY_MS);
  manager = await login(server.service.app, 'manager', 'manager-demo-1');
  jar = (await products(server.service.app, "p.type = 'FLOWER' AND p.deli = 0 AND p.cannabis_weight_mg = 3500"))[0]!.id;
}, 60_000);
afterAll(() => server.service.close());

async function addDeal(name: string, code: string, limits: object): Promise<string> {
  const added = await server.service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/setup/deals',
    headers: { authorization: `Bearer ${manager}` },
    payload: {
      name,
      kind: 'amount',
      amountCents: 500,
      trigger: 'code',
      code,
      scope: { productIds: [jar], brands: [], categories: [], tags: [] },
      ...limits,
    },
  });
  expect(added.statusCode, added.body).toBe(200);
  return added.json<{ deal: { id: string } }>().deal.id;
}

/** A register's hold of one unit that says it uses `dealId` (its customer: `customerId`). */
const hold = (basic: string, holdId: string, customerId: string | null, dealId: string) =>
  server.service.request({
    method: 'POST',
    url: '/v2.0/register/holds',
    headers: { authorization: basic },
    payload: {
      holdId,
      reservations: [{ packageId: server.packageId, milli: 1000 }],
      deals: { customerId, dealIds: [dealId], using: [dealId] },
    },
  });

/** The server's own quote or ticket of one jar with `code`, for `customerId`. */
const atServer = async (code: string, customerId?: string, sell = false) => {
  const answer = await server.service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket${sell ? '' : '/quote'}`,
    headers: server.service.headers,
    payload: { type: 'PICKUP', customerId, promoCodes: [code], items: [{ productId: jar, quantity: 1 }] },
  });
  expect(answer.statusCode, answer.body).toBe(sell ? 201 : 200);
  return answer.json<TicketQuote>().codes![0]!;
};
const usesLeft = (answer: { json<T>(): T }) => answer.json<{ deals?: { dealId: string; usesLeft: number }[] }>().deals;
const heldUses = (holdId: string) =>
  server.service.app.ctx.db.all(
    server.service.app.ctx.db.builder.selectFrom('deal_use_holds').select('deal_id').where('hold_id', '=', holdId),
  );

describe('uses of a deal with a limit held at the store server', () => {
  it('per customer: a use at the server leaves none for a register, and a register’s hold leaves none for the server', async () => {
    const dealId = await addDeal('Once per customer', 'ONCE5', { perCustomerLimit: 1 });
    const ana = customerIdOf(await server.newCustomer('D5000001', { firstName: 'Ana' }));
    expect(await atServer('ONCE5', ana, true)).toMatchObject({ applied: true });
    const none = randomUUID();
    const refused = await hold(server.front1, none, ana, dealId);
    expect(refused.statusCode, refused.body).toBe(200);
    // Held (its units), with no use left of the deal for Ana, and no use held.
    expect(refused.json()).toMatchObject({ held: true });
    expect(usesLeft(refused)).toEqual([{ dealId, usesLeft: 0 }]);
    expect(await heldUses(none)).toEqual([]);

    // Another customer: the register holds their one use, and the server's own sale to them is
    // refused the deal in the same words as at a register, until the register gives it back.
    const ben = customerIdOf(await server.newCustomer('D5000002', { firstName: 'Ben' }));
    const first = randomUUID();
    const held = await hold(server.front1, first, ben, dealId);
    expect(usesLeft(held)).toEqual([{ dealId, usesLeft: 1 }]);
    expect(await heldUses(first)).toEqual([{ deal_id: dealId }]);
    // Asked again (a retry), it holds nothing twice and answers the same.
    expect(usesLeft(await hold(server.front1, first, ben, dealId))).toEqual([{ dealId, usesLeft: 1 }]);
    expect(await atServer('ONCE5', ben)).toEqual({
      code: 'ONCE5',
      applied: false,
      words: 'ONCE5 (Once per customer) has been used as many times as it may be (once per customer)',
    });
    expect(usesLeft(await hold(server.front2, randomUUID(), ben, dealId))).toEqual([{ dealId, usesLeft: 0 }]);
    const given = await server.service.request({
      method: 'DELETE',
      url: `/v2.0/register/holds/${first}`,
      headers: { authorization: server.front1 },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await atServer('ONCE5', ben)).toMatchObject({ applied: true });
  });

  it('in all: holds of two registers and the server’s sales share the uses, and an expired hold gives its use back', async () => {
    const dealId = await addDeal('Twice in all', 'TWICE', { totalLimit: 2 });
    const customer = async (idNumber: string) => customerIdOf(await server.newCustomer(idNumber));
    const [cleo, dev, eli] = [await customer('D5000003'), await customer('D5000004'), await customer('D5000005')];
    expect(await atServer('TWICE', cleo, true)).toMatchObject({ applied: true });
    // One use left: the server's sale and two registers' holds at once; exactly one gets it.
    const [one, two, sale] = await Promise.all([
      hold(server.front1, randomUUID(), dev, dealId),
      hold(server.front2, randomUUID(), null, dealId),
      atServer('TWICE', eli, true),
    ]);
    const got = [usesLeft(one)![0]!.usesLeft, usesLeft(two)![0]!.usesLeft, sale.applied ? 1 : 0];
    expect(got.filter((left) => left > 0)).toHaveLength(1);
    const quoted = await atServer('TWICE', cleo);
    expect(quoted).toEqual({
      code: 'TWICE',
      applied: false,
      words: 'TWICE (Twice in all) has been used as many times as it may be (2 times in all)',
    });
    // The register's use is given back when its hold expires (the server's own sale's never is).
    server.advance(EXPIRY_MS + 1);
    const registerGotIt = !sale.applied;
    expect((await atServer('TWICE', cleo)).applied).toBe(registerGotIt);
  });
});
