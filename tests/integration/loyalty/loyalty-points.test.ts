import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../shared/contracts/customers.js';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty.js';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import { formatMoney, parseDecimal } from '../../../shared/money.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// Loyalty (README "Loyalty"): a customer named on a sale earns points once it is paid, spends them
// as reward dollars (refused in words past the balance), and refunds, voids and cancels move them
// back in the same write. Each test has its own customer, so balances start at zero.
const TICKETS = `${STORE}/ecommerce/ticket`;
const PROGRAMME = {
  enabled: true,
  pointsPerDollar: 2,
  pointsPerRewardDollar: 100,
  excludedTypes: ['ACCESSORY'],
  tiers: [{ name: 'Gold', minPoints: 1000, bonusPercent: 50 }],
  offlineSpendCents: 2000,
};
let service: DemoService;
let register: string;
let manager: string;
let flower: { id: string; priceCents: number };
let accessory: { id: string; priceCents: number };

let store: Awaited<ReturnType<typeof loyaltyStore>>;

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, PROGRAMME);
  ({ register, manager } = store);
  expect(store.set.json<{ store: { loyalty: unknown } }>().store.loyalty).toEqual(PROGRAMME);
  const deliless = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${deliless} AND p.type = 'FLOWER'`))[0]!;
  accessory = (await products(service.app, `${deliless} AND p.type = 'ACCESSORY'`))[0]!;
  expect(flower && accessory, 'the demo has flower and an accessory at full price').toBeTruthy();
});
afterAll(() => service.close());

const newCustomer = (): Promise<Customer> => store.newCustomer('Maria', 'Garcia', 7_000_000);

/** A sale at the register of `jars` flower (and `extras` accessories) to `customerId`: the raw answer. */
async function ring(
  customerId: string | undefined,
  jars: number,
  extra: { rewardDollars?: number; extras?: number } = {},
) {
  await setStock(service.app, flower.id, 50_000);
  await setStock(service.app, accessory.id, 50_000);
  const items = [{ productId: flower.id, quantity: jars }];
  if (extra.extras) items.push({ productId: accessory.id, quantity: extra.extras });
  return service.request({
    method: 'POST',
    url: TICKETS,
    headers: as(register),
    payload: { type: 'PICKUP', items, customerId, rewardDollars: extra.rewardDollars },
  });
}

async function sale(customerId: string, jars: number, extra: { rewardDollars?: number; extras?: number } = {}) {
  const made = await ring(customerId, jars, extra);
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

const payCash = (ticket: Ticket): Promise<PaymentRecord> => store.payCash(ticket);
const loyaltyOf = (customerId: string, token = register): Promise<CustomerLoyalty> =>
  store.loyaltyOf(customerId, token);

const money = (paymentId: string, action: 'void' | 'refund', amount?: number) => store.money(paymentId, action, amount);

const adjust = (customerId: string, points: number, reason: string, token = manager) =>
  service.request({
    method: 'POST',
    url: `${STORE}/customers/${customerId}/loyalty/adjustments`,
    headers: as(token),
    payload: { points, reason },
  });

/** Points the store's programme gives for `cents` that earn (2 a whole dollar). */
const earning = (amountCents: number) => Math.floor(amountCents / 100) * 2;

describe('earning', () => {
  it('a sale paid in full earns 2 points a dollar of what earns, accessories left out', async () => {
    const maria = await newCustomer();
    const ticket = await sale(maria.id, 2, { extras: 1 });
    expect((await loyaltyOf(maria.id)).points).toBe(0);
    await payCash(ticket);
    const after = await loyaltyOf(maria.id);
    expect(after.points).toBe(earning(2 * flower.priceCents));
    expect(after.lifetimePoints).toBe(after.points);
    expect(after.entries).toEqual([
      expect.objectContaining({
        kind: 'earned',
        points: after.points,
        orderNumber: ticket.orderNumber,
        note: `Order ${ticket.orderNumber} paid`,
      }),
    ]);
    expect(after.rewardCents).toBe(after.points);
  });

  it("earns on what the lines come to after their discounts (a product's promotion), never on the discount", async () => {
    const onSale = (await products(service.app, "k.discount_ppm > 0 AND p.deli = 0 AND p.type <> 'ACCESSORY'"))[0]!;
    expect(onSale, 'the demo has a product on promotion').toBeTruthy();
    await setStock(service.app, onSale.id, 50_000);
    const maria = await newCustomer();
    const made = await service.request({
      method: 'POST',
      url: TICKETS,
      headers: as(register),
      payload: { type: 'PICKUP', items: [{ productId: onSale.id, quantity: 3 }], customerId: maria.id },
    });
    expect(made.statusCode, made.body).toBe(201);
    const ticket = made.json<Ticket>();
    const line = ticket.items[0]!;
    const afterDiscount = Math.round(Number(line.priceSell) * 100);
    expect(afterDiscount).toBeLessThan(3 * onSale.priceCents);
    await payCash(ticket);
    expect((await loyaltyOf(maria.id)).points).toBe(earning(afterDiscount));
  });

  it('a sale naming nobody earns nothing, and a tier adds its bonus once reached', async () => {
    const before = await sale((await newCustomer()).id, 1);
    await payCash(before);
    const maria = await newCustomer();
    expect((await adjust(maria.id, 1000, 'Welcome bonus')).statusCode).toBe(200);
    // An adjustment is not earned: Gold needs 1,000 points earned in all.
    expect((await loyaltyOf(maria.id)).tier).toBeNull();
    const big = Math.ceil(50_000 / flower.priceCents);
    await payCash(await sale(maria.id, big));
    const gold = await loyaltyOf(maria.id);
    expect(gold.lifetimePoints).toBe(earning(big * flower.priceCents));
    expect(gold.tier?.name).toBe('Gold');
    await payCash(await sale(maria.id, 1));
    const bonus = Math.floor((earning(flower.priceCents) * 150) / 100);
    expect((await loyaltyOf(maria.id)).entries[0]).toMatchObject({ kind: 'earned', points: bonus });
  });
});

describe('spending', () => {
  it('reward dollars past the balance are refused in words, at the quote and the ticket', async () => {
    const maria = await newCustomer();
    await adjust(maria.id, 300, 'Birthday');
    const refused = await ring(maria.id, 1, { rewardDollars: 5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toContain(
      'rewardDollars of $5.00 need 500 points; Maria has 300 points ($3.00 in reward dollars)',
    );
    const quoted = await service.request({
      method: 'POST',
      url: `${TICKETS}/quote`,
      headers: as(register),
      payload: {
        type: 'PICKUP',
        items: [{ productId: flower.id, quantity: 1 }],
        customerId: maria.id,
        rewardDollars: 5,
      },
    });
    expect(quoted.statusCode).toBe(400);
    expect(quoted.body).toContain('Maria has 300 points');
    const nobody = await ring(undefined, 1, { rewardDollars: 1 });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.body).toContain('name the customer');
    expect((await loyaltyOf(maria.id)).points).toBe(300);
  });

  it('names the reward dollars asked when the sale comes to less, and the points what it takes', async () => {
    const maria = await newCustomer();
    await adjust(maria.id, 300, 'Birthday');
    const quote = (rewardDollars?: number) =>
      service.request({
        method: 'POST',
        url: `${TICKETS}/quote`,
        headers: as(register),
        payload: {
          type: 'PICKUP',
          items: [{ productId: flower.id, quantity: 1 }],
          customerId: maria.id,
          rewardDollars,
        },
      });
    const total = parseDecimal((await quote()).json<TicketQuote>().total)!;
    expect(total, 'a jar costs more than her $3.00').toBeGreaterThan(300);
    // $1,000.00 asked of the jar's total: the points pay the total, and the words say both.
    const words =
      `rewardDollars of $1,000.00 (this sale takes ${formatMoney(total)} of them) need ` +
      `${total.toLocaleString('en-US')} points; Maria has 300 points ($3.00 in reward dollars)`;
    const refused = await ring(maria.id, 1, { rewardDollars: 1000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toBe(words);
    const quoted = await quote(1000);
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json<{ resultDetail: string }>().resultDetail).toBe(words);
    expect((await loyaltyOf(maria.id)).points).toBe(300);
  });

  it('spends at the ticket, earns on what was paid, and a full refund gives both back', async () => {
    const maria = await newCustomer();
    await adjust(maria.id, 300, 'Birthday');
    const ticket = await sale(maria.id, 2, { rewardDollars: 3 });
    expect(ticket.payByPoints).toBe('-3.00');
    expect((await loyaltyOf(maria.id)).points).toBe(0);
    const payment = await payCash(ticket);
    const earned = earning(2 * flower.priceCents - 300);
    expect((await loyaltyOf(maria.id)).points).toBe(earned);
    // The receipt says what the sale moved and the balance.
    const receipt = await service.request({
      method: 'GET',
      url: `${STORE}/orders/${ticket.orderId}/receipt`,
      headers: as(register),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const lines = receipt.json<{ receipt: { lines: { text?: string }[] } }>().receipt.lines.map((line) => line.text);
    expect(lines).toContain(`Points: ${earned} earned · 300 spent · balance ${earned}`);
    const refunded = await money(payment.id, 'refund');
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await loyaltyOf(maria.id);
    expect(after.points).toBe(300);
    expect(after.entries.slice(0, 2).map((entry) => [entry.kind, entry.points])).toEqual(
      expect.arrayContaining([
        ['reversed', -earned],
        ['returned', 300],
      ]),
    );
    // Its reprint says the points were undone, and the balance now (a line of nothing said nothing).
    const reprint = await service.request({
      method: 'GET',
      url: `${STORE}/orders/${ticket.orderId}/receipt?reprint=1`,
      headers: as(register),
    });
    expect(reprint.statusCode, reprint.body).toBe(200);
    const text = reprint
      .json<{ receipt: { lines: { text?: string }[] } }>()
      .receipt.lines.map((line) => line.text)
      .join(' ');
    expect(text).toContain(`Points: ${earned} earned taken back, 300 spent given back · balance now 300`);
  });

  it('an online order refunded in full and paid again earns its points once, as a new sale', async () => {
    const maria = await newCustomer();
    await setStock(service.app, flower.id, 50_000);
    const placed = await service.request({
      method: 'POST',
      url: TICKETS,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 2 }], customerId: maria.id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const online = placed.json<Ticket>();
    expect(online.source).toBe('online');
    const earned = earning(2 * flower.priceCents);
    const first = await payCash(online);
    expect((await loyaltyOf(maria.id)).points).toBe(earned);
    const back = await money(first.id, 'refund');
    expect(back.statusCode, back.body).toBe(200);
    expect((await loyaltyOf(maria.id)).points).toBe(0);
    // Unpaid again, it is paid again: the old refund does not count against the new payment.
    await payCash(online);
    const after = await loyaltyOf(maria.id);
    expect(after.points).toBe(earned);
    expect(after.entries.reduce((sum, entry) => sum + entry.points, 0)).toBe(earned);
  });

  it('a refund of half the money takes back half the points earned and gives back half those spent', async () => {
    const maria = await newCustomer();
    await adjust(maria.id, 200, 'Birthday');
    const ticket = await sale(maria.id, 4, { rewardDollars: 2 });
    const payment = await payCash(ticket);
    const earned = earning(4 * flower.priceCents - 200);
    const half = await money(payment.id, 'refund', Math.floor(payment.chargedAmount / 2));
    expect(half.statusCode, half.body).toBe(200);
    const share = Math.floor(payment.chargedAmount / 2) / payment.chargedAmount;
    const kept = Math.floor(earned * (1 - share));
    const keptSpent = Math.ceil(200 * (1 - share));
    expect((await loyaltyOf(maria.id)).points).toBe(kept + (200 - keptSpent));
  });

  it('a cancel gives the spent points back; a void takes the earned ones and keeps the reward on the reopened sale', async () => {
    const maria = await newCustomer();
    await adjust(maria.id, 500, 'Birthday');
    const open = await sale(maria.id, 1, { rewardDollars: 2 });
    const canceled = await service.request({
      method: 'POST',
      url: `${TICKETS}/${open.orderId}/cancel`,
      headers: as(manager),
      payload: { reason: 'Changed her mind' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await loyaltyOf(maria.id)).points).toBe(500);
    expect((await loyaltyOf(maria.id)).entries[0]).toMatchObject({
      kind: 'returned',
      points: 200,
      note: `Order ${open.orderNumber} canceled`,
    });
    // The order's history names them on its cancel's step, as it does a refund's.
    const history = await service.request({
      method: 'GET',
      url: `${TICKETS}/${open.orderId}/history`,
      headers: as(manager),
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json<OrderHistory>().steps.at(-1)).toMatchObject({
      kind: 'status',
      to: 'CANCELED',
      reason: 'Changed her mind',
      points: { takenBack: 0, givenBack: 200 },
    });

    const ticket = await sale(maria.id, 2, { rewardDollars: 1 });
    const payment = await payCash(ticket);
    const earned = earning(2 * flower.priceCents - 100);
    expect((await loyaltyOf(maria.id)).points).toBe(400 + earned);
    expect((await money(payment.id, 'void')).statusCode).toBe(200);
    expect((await loyaltyOf(maria.id)).points).toBe(400);
    // Paid again, it earns again, once.
    await payCash(ticket);
    expect((await loyaltyOf(maria.id)).points).toBe(400 + earned);
  });
});

describe('adjustments', () => {
  it('a manager adds or takes off points with a reason; below zero, no reason or a cashier is refused', async () => {
    const maria = await newCustomer();
    const added = await adjust(maria.id, 250, 'Makes up for a lost receipt');
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<{ loyalty: CustomerLoyalty }>().loyalty.entries[0]).toMatchObject({
      kind: 'adjusted',
      points: 250,
      note: 'Makes up for a lost receipt',
      by: 'manager',
    });
    const below = await adjust(maria.id, -300, 'Typo');
    expect(below.statusCode).toBe(400);
    expect(below.body).toContain("would take Maria's balance below zero: they have 250 points");
    expect((await adjust(maria.id, 10, '  ')).body).toContain('say why');
    expect((await adjust(maria.id, 10, 'Because', register)).statusCode).toBe(403);
    const audit = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: as(manager),
    });
    expect(audit.body).toContain('Maria Garcia: +250 points. Makes up for a lost receipt');
  });

  it('the audit trail writes the points as the ledger does, with a thousands separator', async () => {
    const maria = await newCustomer();
    const added = await adjust(maria.id, 2500, 'Welcome bonus');
    expect(added.statusCode, added.body).toBe(200);
    const audit = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: as(manager),
    });
    expect(audit.body).toContain('Maria Garcia: +2,500 points. Welcome bonus');
  });

  it('a programme with two tiers at one minimum is refused in words, and nothing changes', async () => {
    const tiers = [
      { name: 'Silver', minPoints: 100, bonusPercent: 10 },
      { name: 'Gold', minPoints: 100, bonusPercent: 20 },
    ];
    const refused = await service.request({
      method: 'PUT',
      url: `${STORE}/setup/store`,
      headers: as(manager),
      payload: { loyalty: { tiers } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('two tiers start at 100 points');
    const store = await service.request({ method: 'GET', url: `${STORE}/setup/store`, headers: as(manager) });
    expect(store.json<{ store: { loyalty: unknown } }>().store.loyalty).toEqual(PROGRAMME);
  });

  it('a programme earning 0 points per dollar is refused at its points per dollar, not at its tiers', async () => {
    const refused = await service.request({
      method: 'PUT',
      url: `${STORE}/setup/store`,
      headers: as(manager),
      payload: { loyalty: { pointsPerDollar: 0 } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toBe(
      'loyalty.pointsPerDollar a programme earning 0 points per dollar never reaches a tier',
    );
  });
});

describe('deals for a tier', () => {
  it('apply once the customer reaches the tier; a tier the programme lacks is refused in words', async () => {
    const deals = `${STORE}/setup/deals`;
    const unknown = await service.request({
      method: 'POST',
      url: deals,
      headers: as(manager),
      payload: { name: 'Platinum night', kind: 'percent', percent: 10, groups: [{ kind: 'tier', tierId: 'Platinum' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().resultDetail).toBe(
      'groups[0].tierId names "Platinum", not a tier of the store\'s loyalty programme (its tiers are Gold)',
    );
    const added = await service.request({
      method: 'POST',
      url: deals,
      headers: as(manager),
      payload: { name: 'Gold members', kind: 'percent', percent: 10, groups: [{ kind: 'tier', tierId: 'gold' }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const deal = added.json<{ deal: { id: string; summary: string } }>().deal;
    expect(deal.summary).toContain('Gold tier members');
    try {
      const maria = await newCustomer();
      expect((await sale(maria.id, 1)).deals).toEqual([]);
      await payCash(await sale(maria.id, Math.ceil(50_000 / flower.priceCents)));
      expect((await loyaltyOf(maria.id)).tier?.name).toBe('Gold');
      expect((await sale(maria.id, 1)).deals).toEqual([expect.objectContaining({ name: 'Gold members' })]);
    } finally {
      await service.request({ method: 'DELETE', url: `${deals}/${deal.id}`, headers: as(manager) });
    }
  });
});

describe('veterans and what a register reads', () => {
  it('a deal for veterans applies to a customer the store counts a veteran, and only then', async () => {
    const added = await service.request({
      method: 'POST',
      url: `${STORE}/setup/deals`,
      headers: as(manager),
      payload: { name: 'Thank you for serving', kind: 'percent', percent: 10, groups: [{ kind: 'veteran' }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const deal = added.json<{ deal: { id: string } }>().deal;
    try {
      const maria = await newCustomer();
      expect((await sale(maria.id, 1)).deals).toEqual([]);
      const marked = await service.request({
        method: 'PATCH',
        url: `${STORE}/customers/${maria.id}`,
        headers: service.headers,
        payload: { veteran: true },
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json<{ customer: Customer }>().customer.veteran).toBe(true);
      expect((await sale(maria.id, 1)).deals).toEqual([expect.objectContaining({ name: 'Thank you for serving' })]);
    } finally {
      await service.request({ method: 'DELETE', url: `${STORE}/setup/deals/${deal.id}`, headers: as(manager) });
    }
  });

  it("tells a register (a cashier's session) whether the programme is on", async () => {
    const store = await service.request({ method: 'GET', url: STORE, headers: as(register) });
    expect(store.statusCode, store.body).toBe(200);
    expect(store.json<{ dispensary: { loyalty: unknown } }>().dispensary.loyalty).toEqual({
      enabled: true,
      pointsPerRewardDollar: 100,
    });
  });
});
