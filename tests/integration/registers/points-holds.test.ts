import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/demo-service.js';
import { allowanceHarness, customerIdOf, type AllowanceHarness } from './allowance-support.js';

// A register's sale that spends loyalty points holds them at the store server with its units
// (README "Loyalty"): what one register holds counts at once against another register's sale and the
// server's own tickets, until the sale's own `spent` entry arrives (it counts then, once), the register
// gives the hold back, or it expires.
const EXPIRY_MS = 60_000;
let server: AllowanceHarness;
let manager: string;
let storeId: string;

beforeAll(async () => {
  server = await allowanceHarness(EXPIRY_MS);
  manager = await login(server.service.app, 'manager', 'manager-demo-1');
  const programme = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, offlineSpendCents: 750 };
  const set = await server.service.request({
    method: 'PUT',
    url: '/v2.0/dispensary/demo/setup/store',
    headers: { authorization: `Bearer ${manager}` },
    payload: { loyalty: programme },
  });
  expect(set.statusCode, set.body).toBe(200);
  const { db } = server.service.app.ctx;
  const store = await db.first(db.builder.selectFrom('dispensaries').select('id').where('short_name', '=', 'demo'));
  storeId = store!.id;
}, 60_000);
afterAll(() => server.service.close());

/** A new customer named Maria with `points` on her balance: her id. */
async function maria(idNumber: string, points: number): Promise<string> {
  const customerId = customerIdOf(await server.newCustomer(idNumber, { firstName: 'Maria' }));
  const adjusted = await server.service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/customers/${customerId}/loyalty/adjustments`,
    headers: { authorization: `Bearer ${manager}` },
    payload: { points, reason: 'Opening' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  return customerId;
}

/** A register's hold of one gram and `rewardCents` of the customer's points (`askedCents`: typed, when more). */
const holdPoints = (basic: string, holdId: string, customerId: string, rewardCents: number, askedCents?: number) =>
  server.service.request({
    method: 'POST',
    url: '/v2.0/register/holds',
    headers: { authorization: basic },
    payload: {
      holdId,
      reservations: [{ packageId: server.packageId, milli: 1000 }],
      points: { customerId, rewardCents, askedCents },
    },
  });

/** The server's own ticket (its ecommerce API) of 5 g for the customer, with `rewardDollars`. */
const serverTicket = (customerId: string, rewardDollars: number) =>
  server.service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: server.service.headers,
    payload: { type: 'PICKUP', customerId, rewardDollars, items: [{ productId: server.flower, quantity: 5 }] },
  });

/** The customer's balance at the server, and their ledger's entries (kind and points). */
async function ledgerOf(customerId: string) {
  const { db } = server.service.app.ctx;
  const entries = await db.all(
    db.builder
      .selectFrom('loyalty_ledger')
      .select(['kind', 'points', 'order_id as orderId'])
      .where('customer_id', '=', customerId)
      .orderBy('created_at')
      .orderBy('id'),
  );
  return entries.map((entry) => ({ ...entry, points: Number(entry.points) }));
}

/** The register's forwarded `spent` entry of its sale `orderId` (its row as the register writes it). */
function spentEntry(customerId: string, orderId: string, points: number) {
  return {
    id: randomUUID(),
    dispensary_id: storeId,
    customer_id: customerId,
    order_id: orderId,
    kind: 'spent',
    points: -points,
    note: 'Reward dollars on order REG001',
    actor: 'cashier',
    // A moment after the store's clock (fixed in this harness): the sale comes after the adjustment
    // that gave the points, so the ledger's order (time, then a random id) is the order they happened.
    created_at: new Date(server.now().getTime() + 1).toISOString(),
  };
}

describe("a customer's points held at the store server", () => {
  it('count against the other registers and the server until the sale spends them, once', async () => {
    const customerId = await maria('D4100001', 2650);
    const first = randomUUID();
    const held = await holdPoints(server.front1, first, customerId, 2600);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ held: true, pointsHeld: 2600 });

    // Another register's $1.00, and the server's own $26.00: short, counting the hold, in the server's words.
    const other = await holdPoints(server.front2, randomUUID(), customerId, 100);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail: 'rewardDollars of $1.00 need 100 points; Maria has 50 points ($0.50 in reward dollars)',
    });
    // $50.00 typed on a sale that takes $1.00 of them: the words name both, the points what it takes.
    const over = await holdPoints(server.front2, randomUUID(), customerId, 100, 5000);
    expect(over.json()).toMatchObject({
      resultDetail:
        'rewardDollars of $50.00 (this sale takes $1.00 of them) need 100 points; Maria has 50 points ($0.50 in reward dollars)',
    });
    const atServer = await serverTicket(customerId, 26);
    expect(atServer.statusCode, atServer.body).toBe(400);
    expect(atServer.json<{ resultDetail: string }>().resultDetail).toBe(
      'rewardDollars of $26.00 need 2,600 points; Maria has 50 points ($0.50 in reward dollars)',
    );
    // Refused, nothing was spent or held for them; the same hold sent again holds nothing twice.
    expect(await ledgerOf(customerId)).toEqual([{ kind: 'adjusted', points: 2650, orderId: null }]);
    expect((await holdPoints(server.front1, first, customerId, 2600)).json()).toMatchObject({ pointsHeld: 2600 });

    // The register's sale arrives with its `spent` entry: it counts once, as the entry; the hold no more.
    const entry = spentEntry(customerId, first, 2600);
    const forward = () =>
      server.service.request({
        method: 'POST',
        url: '/v2.0/register/forward',
        headers: { authorization: server.front1 },
        payload: {
          queueId: 'front-1-points',
          after: 0,
          records: [{ seq: 1, table: 'loyalty_ledger', op: 'upsert', row: entry }],
        },
      });
    expect((await forward()).json()).toMatchObject({ forwardedSeq: 1, exceptions: 0 });
    expect((await forward()).json()).toMatchObject({ forwardedSeq: 1, applied: 0 });
    expect(await ledgerOf(customerId)).toEqual([
      { kind: 'adjusted', points: 2650, orderId: null },
      { kind: 'spent', points: -2600, orderId: first },
    ]);
    const loyalty = await server.service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/customers/${customerId}/loyalty`,
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(loyalty.json()).toMatchObject({ loyalty: { points: 50 } });
    const rest = await holdPoints(server.front2, randomUUID(), customerId, 50);
    expect(rest.statusCode, rest.body).toBe(200);
  });

  it('go back when the register gives the hold back, or when it expires', async () => {
    const customerId = await maria('D4100002', 1000);
    const given = randomUUID();
    expect((await holdPoints(server.front1, given, customerId, 1000)).statusCode).toBe(200);
    expect((await serverTicket(customerId, 1)).statusCode).toBe(400);
    // Only the register that holds it gives it back.
    const release = (basic: string) =>
      server.service.request({
        method: 'DELETE',
        url: `/v2.0/register/holds/${given}`,
        headers: { authorization: basic },
      });
    await release(server.front2);
    expect((await holdPoints(server.front2, randomUUID(), customerId, 100)).statusCode).toBe(400);
    await release(server.front1);
    const sold = await serverTicket(customerId, 4);
    expect(sold.statusCode, sold.body).toBe(201);

    // 600 left: held by front-2, and no sale came before the hold expired.
    expect((await holdPoints(server.front2, randomUUID(), customerId, 600)).statusCode).toBe(200);
    expect((await serverTicket(customerId, 1)).statusCode).toBe(400);
    server.advance(EXPIRY_MS);
    const after = await serverTicket(customerId, 6);
    expect(after.statusCode, after.body).toBe(201);
    expect((await ledgerOf(customerId)).reduce((sum, entry) => sum + entry.points, 0)).toBe(0);
  });

  it('are not held for a customer the server does not know yet: the register decides alone', async () => {
    const unknown = await holdPoints(server.front1, randomUUID(), randomUUID(), 500);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json()).toMatchObject({ held: true });
    expect(unknown.json()).not.toHaveProperty('pointsHeld');
  });
});
