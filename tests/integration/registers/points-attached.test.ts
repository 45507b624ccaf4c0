import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, parseDecimal } from '../../../shared/money.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { heldProxy, type HeldProxy } from './held-proxy.js';
import {
  attachedRegister,
  linkOf,
  postTicket,
  reading,
  waitUntilSent,
  type AttachedRegister,
} from './register-sales.js';

// Points spent at an attached register while its server answers are held at the server with the
// sale's units (README "Loyalty"): the same reward dollars asked at the server and at the register at
// the same moment are taken once, the other refused in words, and the forwarded sale spends them once.
// A sale whose hold the server did not answer (it hangs: its pings still pass) spends at most the
// programme's offline cap, whatever the link's monitor says.
let database: TestDatabase;
let server: ServiceProcess;
let proxy: HeldProxy;
let register: AttachedRegister;
/** A register that waits the product's own second for its server (the hung hold's test). */
let hasty: AttachedRegister;
let manager: string;
let cashier: string;
/** A product sold by the piece, and how many of it make a sale of over $27.00. */
let line: { productId: string; quantity: number };

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
  cashier = await signIn(server, 'cashier');
  const programme = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, offlineSpendCents: 750 };
  const set = await call(server, '/v2.0/dispensary/demo/setup/store', {
    method: 'PUT',
    token: manager,
    body: { loyalty: programme },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const catalog = await call(server, '/v2.0/dispensary/demo/catalog?limit=200', { token: manager });
  const items = catalog.body.items as {
    productId: string;
    unitType: string;
    quantityAvailable: number;
    price: string;
  }[];
  // Enough of it for a dozen such sales.
  const each = (one: { price: string }) => Math.ceil(27 / Number(one.price));
  const item = items.find(
    (one) => one.unitType !== 'g' && Number(one.price) > 0 && one.quantityAvailable >= 12 * each(one),
  );
  expect(item, JSON.stringify(items.slice(0, 3))).toBeDefined();
  line = { productId: item!.productId, quantity: each(item!) };
  proxy = await heldProxy(server.url);
  [register, hasty] = await Promise.all([
    attachedRegister(proxy, 'front-1'),
    attachedRegister(proxy, 'front-2', { serverWaitMs: 1000 }),
  ]);
}, 120_000);
afterAll(async () => {
  await register?.remove();
  await hasty?.remove();
  await proxy?.close();
  await server?.stop();
  await database?.drop();
});

/** A new customer named Maria with 2,650 points, once the register's copy (`at`) has them: her id. */
async function maria(idNumber: string, at = register): Promise<string> {
  const added = await call(server, '/v2.0/dispensary/demo/customers', {
    token: manager,
    body: {
      firstName: 'Maria',
      lastName: 'Garcia',
      dateOfBirth: '1990-01-15',
      idType: 'drivers_licence',
      idNumber,
      idJurisdiction: 'CA',
      idExpiry: '2035-01-15',
      customerType: 'adult_use',
    },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const customerId = (added.body.customer as { id: string }).id;
  const adjustments = `/v2.0/dispensary/demo/customers/${customerId}/loyalty/adjustments`;
  expect((await call(server, adjustments, { token: manager, body: { points: 2650, reason: 'Opening' } })).status).toBe(
    200,
  );
  await expect.poll(() => balanceAt({ dataDir: at.dir }, customerId), { timeout: 20_000 }).toBe(2650);
  return customerId;
}

/** A customer's entries in one database (the server's, or the register's), as kind and points. */
const entriesAt = (location: { database?: string; dataDir: string }, customerId: string) =>
  reading(location, (db) =>
    db.all(
      db.builder
        .selectFrom('loyalty_ledger')
        .select(['kind', 'points', 'order_id as orderId'])
        .where('customer_id', '=', customerId)
        .orderBy('created_at')
        .orderBy('id'),
    ),
  );
const balanceAt = async (location: { database?: string; dataDir: string }, customerId: string) =>
  (await entriesAt(location, customerId)).reduce((sum, entry) => sum + Number(entry.points), 0);

/** The ticket body of the try-out: $26.00 of reward dollars for `customerId`. */
const rewardTicket = (customerId: string, rewardDollars = 26) => ({
  type: 'PICKUP',
  customerId,
  rewardDollars,
  items: [line],
});

/** The same ticket at the server's ticket API (its cashier), answered as status and words. */
async function atServer(body: Record<string, unknown>) {
  const made = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket', { token: cashier, client: true, body });
  return { status: made.status, detail: made.body.resultDetail ?? null, orderId: made.body.orderId ?? null };
}

async function atRegister(body: Record<string, unknown>, at = register) {
  const made = await postTicket(at.till, body);
  const answer = (await made.json()) as { resultDetail?: string; orderId?: string };
  return { status: made.status, detail: answer.resultDetail ?? null, orderId: answer.orderId ?? null };
}

const SHORT = 'rewardDollars of $26.00 need 2,600 points; Maria has 50 points ($0.50 in reward dollars)';

describe('points spent at an attached register while its server answers', { timeout: 180_000 }, () => {
  it('are held at the server: the same spend at the server and the register at once is taken once', async () => {
    for (const round of [1, 2, 3]) {
      const customerId = await maria(`D460000${round}`);
      const body = rewardTicket(customerId);
      const answers = await Promise.all([atServer(body), atRegister(body)]);
      const made = answers.filter((answer) => answer.status === 201);
      expect(made, JSON.stringify(answers)).toHaveLength(1);
      expect(answers.find((answer) => answer.status !== 201)).toMatchObject({ status: 400, detail: SHORT });

      // The register's sale reaches the server: its points are spent there once, the balance never below zero.
      await waitUntilSent(register.till);
      const entries = await entriesAt(database.config, customerId);
      expect(entries.map((entry) => [entry.kind, Number(entry.points), entry.orderId])).toEqual([
        ['adjusted', 2650, null],
        ['spent', -2600, made[0]!.orderId],
      ]);
      // Once its entry is there the hold counts no more: the 50 points left are spent at the server.
      const rest = await atServer(rewardTicket(customerId, 0.5));
      expect(rest.status, String(rest.detail)).toBe(201);
      expect(await balanceAt(database.config, customerId)).toBe(0);
    }
  });

  it('are refused in words naming the reward dollars asked when the sale comes to less', async () => {
    const customerId = await maria('D4600008');
    expect((await atServer(rewardTicket(customerId))).status).toBe(201);
    const quoted = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket/quote', {
      token: cashier,
      client: true,
      body: { type: 'PICKUP', customerId, items: [line] },
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const total = parseDecimal(quoted.body.total as string)!;
    // $1,000.00 typed: the register holds the sale's total at the server, whose refusal names both.
    const refused = await atRegister(rewardTicket(customerId, 1000));
    expect(refused).toMatchObject({
      status: 400,
      detail:
        `rewardDollars of $1,000.00 (this sale takes ${formatMoney(total)} of them) need ` +
        `${total.toLocaleString('en-US')} points; Maria has 50 points ($0.50 in reward dollars)`,
    });
  });

  it('spends at most the offline cap when the server does not answer its hold, though the link says it answers', async () => {
    const customerId = await maria('D4600009', hasty);
    const stalled = proxy.stallHolds(1);
    const refused = await atRegister(rewardTicket(customerId), hasty);
    const sendOn = await stalled;
    expect(refused).toMatchObject({
      status: 400,
      detail:
        'rewardDollars may be at most $7.50 a sale while this register cannot reach its store server ($26.00 was asked): ' +
        'it cannot see points spent elsewhere meanwhile',
    });
    expect((await linkOf(hasty.till)).reachable).toBe(true);
    // While the server answers its holds, the same register's sale within what she has is held there.
    const within = await atRegister(rewardTicket(customerId, 7), hasty);
    expect(within.status, String(within.detail)).toBe(201);
    await waitUntilSent(hasty.till);
    // The hung hold reaches the server at last: her 1,950 points do not cover it, so it holds nothing.
    sendOn();
    expect(await balanceAt(database.config, customerId)).toBe(1950);
  });
});
