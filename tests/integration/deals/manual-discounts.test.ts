import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import { DEMO_CLIENT, demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';
import { loginAt } from '../cash/support/drawer-fixtures.js';

// Manual discounts (README "Manual discounts"): a cashier at a register takes a percent or an amount
// off a line or the sale, with a reason, after the deals; the store's policy says when a manager's PIN
// approves it; the ticket, its quote and the audit trail say each one; a change of lines prices them again.
let service: DemoService;
let manager: string;
let cashier: string;
let managerAtRegister: string;
const ids: Record<string, string> = {};
const APPROVAL = { username: 'manager', pin: '2580' };

beforeAll(async () => {
  service = await demoService();
  manager = await login(service.app, 'manager', 'manager-demo-1');
  cashier = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'register-1');
  managerAtRegister = await loginAt(service.app, 'manager', 'manager-demo-1', 'register-1');
  for (const sku of ['PRE-004', 'FLW-001']) {
    const found = await setup('GET', `/products/${sku}`);
    expect(found.statusCode, found.body).toBe(200);
    ids[sku] = found.json<{ product: { productId: string } }>().product.productId;
  }
});
afterAll(() => service.close());

const setup = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  setupRequest(service, manager, method, path, payload);
const policy = async (manualDiscountPinAbove: number | null) => {
  const saved = await setup('PUT', '/store', { manualDiscountPinAbove });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json<{ store: { manualDiscountPinAbove: number | null } }>().store.manualDiscountPinAbove).toBe(
    manualDiscountPinAbove,
  );
};

const CART = { type: 'PICKUP', items: [] as { productId: string; quantity: number }[] };
const body = (extra: object) => ({
  ...CART,
  items: [
    { productId: ids['PRE-004'], quantity: 2 },
    { productId: ids['FLW-001'], quantity: 1 },
  ],
  ...extra,
});
function send(path: 'ticket' | 'ticket/quote', token: string | null, extra: object) {
  return service.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/${path}`,
    headers: token === null ? service.headers : { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
    payload: body(extra),
  });
}
async function quote(token: string, extra: object): Promise<TicketQuote> {
  const answer = await send('ticket/quote', token, extra);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<TicketQuote>();
}
const cents = (decimal: string) => Math.round(Number(decimal) * 100);
const lineOf = (priced: TicketQuote | Ticket, sku: string) => priced.items.find((item) => item.productId === ids[sku])!;

describe('manual discounts at a register', () => {
  it('takes 10% off a line with its reason; the store asks a manager’s PIN for every one at first', async () => {
    const extra = { manualDiscounts: [{ productId: ids['PRE-004'], percent: 10, reason: 'Damaged package' }] };
    const bare = await quote(cashier, {});
    const priced = await quote(cashier, extra);
    const line = lineOf(priced, 'PRE-004');
    const before = cents(lineOf(bare, 'PRE-004').priceSell);
    const off = Math.round(before / 10);
    expect(line.discounts).toEqual([{ dealId: 'manual', name: 'Manual discount', amount: (off / 100).toFixed(2) }]);
    expect(line.discountDescription).toContain('Manual discount');
    expect(cents(line.priceSell)).toBe(before - off);
    expect(cents(priced.total)).toBeLessThan(cents(bare.total));
    expect(priced.manualDiscounts).toEqual([
      expect.objectContaining({ percent: 10, reason: 'Damaged package', discount: (off / 100).toFixed(2) }),
    ]);
    expect(priced.approvalNeeded).toBe(true);
    // A quote carrying the manager's approval checks the PIN as the ticket does (the register's dialog).
    const wrongPin = await send('ticket/quote', cashier, { ...extra, approval: { username: 'manager', pin: '0000' } });
    expect(wrongPin.statusCode, wrongPin.body).toBe(403);
    expect(wrongPin.json()).toMatchObject({ resultReason: 'APPROVAL_REQUIRED' });
    expect(wrongPin.json<{ resultDetail: string }>().resultDetail).toMatch(/that is not .*'s PIN/);
    const rightPin = await send('ticket/quote', cashier, { ...extra, approval: APPROVAL });
    expect(rightPin.statusCode, rightPin.body).toBe(200);
    expect(rightPin.json<TicketQuote>().total).toBe(priced.total);

    const refused = await send('ticket', cashier, extra);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ resultReason: 'APPROVAL_REQUIRED' });
    expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(/manager's PIN for every manual discount/);
    const wrong = await send('ticket', cashier, { ...extra, approval: { username: 'manager', pin: '0000' } });
    expect(wrong.statusCode, wrong.body).not.toBe(201);

    const made = await send('ticket', cashier, { ...extra, approval: APPROVAL });
    expect(made.statusCode, made.body).toBe(201);
    const ticket = made.json<Ticket>();
    expect(ticket.total).toBe(priced.total);
    expect(ticket.manualDiscounts).toEqual([
      expect.objectContaining({ reason: 'Damaged package', approvedBy: expect.any(String) }),
    ]);
    expect(ticket.deals).toEqual([expect.objectContaining({ dealId: 'manual', name: 'Manual discount' })]);

    // Read back, the order keeps it; the audit trail says what, why and who approved it.
    const read = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}`,
      headers: service.headers,
    });
    expect(read.json<Ticket>().manualDiscounts).toEqual(ticket.manualDiscounts);
    const day = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${manager}` },
    });
    const events = day.json<AuditDay>().events.filter((event) => event.action === 'manual_discount');
    expect(events).toEqual([
      expect.objectContaining({
        orderNumber: ticket.orderNumber,
        amount: off,
        reason: expect.stringMatching(/^Damaged package: 10% off .* approved by /),
      }),
    ]);
  });

  it('needs no PIN from a manager, nor below the store’s percent; above it, it does', async () => {
    const tenOff = { manualDiscounts: [{ percent: 10, reason: 'Price match' }] };
    const byManager = await quote(managerAtRegister, tenOff);
    expect(byManager.approvalNeeded).toBe(false);
    const made = await send('ticket', managerAtRegister, tenOff);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Ticket>().manualDiscounts[0]!.approvedBy).toBe('manager');

    await policy(20);
    try {
      expect((await quote(cashier, tenOff)).approvalNeeded).toBe(false);
      const mine = await send('ticket', cashier, tenOff);
      expect(mine.statusCode, mine.body).toBe(201);
      expect(mine.json<Ticket>().manualDiscounts[0]!.approvedBy).toBeNull();
      const big = { manualDiscounts: [{ percent: 25, reason: 'Price match' }] };
      expect((await quote(cashier, big)).approvalNeeded).toBe(true);
      const refused = await send('ticket', cashier, big);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ resultDetail: string }>().resultDetail).toMatch(/over 20% of the sale/);
      await policy(null);
      expect((await quote(cashier, big)).approvalNeeded).toBe(false);
    } finally {
      await policy(0);
    }
  });

  it('spreads an amount off the sale over its lines to the cent, after the deals', async () => {
    const bare = await quote(managerAtRegister, {});
    const priced = await quote(managerAtRegister, { manualDiscounts: [{ amount: 5.01, reason: 'Customer service' }] });
    const taken = priced.items.map((item) =>
      cents(item.discounts.find((deal) => deal.dealId === 'manual')?.amount ?? '0'),
    );
    expect(taken.reduce((a, b) => a + b, 0)).toBe(501);
    expect(taken.every((amount) => amount > 0)).toBe(true);
    expect(cents(priced.discount)).toBe(cents(bare.discount) - 501);
    expect(priced.manualDiscounts[0]!.discount).toBe('5.01');
  });

  it('refuses in words what cannot be a discount, and online orders any', async () => {
    const refusal = async (token: string | null, extra: object, status: number, words: RegExp) => {
      const answer = await send('ticket', token, extra);
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json<{ resultDetail: string }>().resultDetail).toMatch(words);
    };
    await refusal(
      managerAtRegister,
      { manualDiscounts: [{ percent: 10, amount: 1, reason: 'x' }] },
      400,
      /percent off or an amount off/,
    );
    await refusal(managerAtRegister, { manualDiscounts: [{ reason: 'x' }] }, 400, /percent off or an amount off/);
    await refusal(managerAtRegister, { manualDiscounts: [{ percent: 10, reason: '   ' }] }, 400, /needs its reason/);
    await refusal(managerAtRegister, { manualDiscounts: [{ amount: 1.005, reason: 'x' }] }, 400, /at most 2 decimals/);
    await refusal(
      managerAtRegister,
      { manualDiscounts: [{ productId: ids['PRE-004'], amount: 10_000, reason: 'x' }] },
      400,
      /is more than .* comes to/,
    );
    await refusal(
      managerAtRegister,
      { manualDiscounts: [{ productId: '00000000-0000-4000-8000-000000000000', percent: 5, reason: 'x' }] },
      400,
      /not on the ticket/,
    );
    await refusal(null, { manualDiscounts: [{ percent: 10, reason: 'Friend' }] }, 403, /given at a register/);
  });

  it('prices them again when the lines change: one off a line taken off takes nothing', async () => {
    const extra = {
      manualDiscounts: [
        { productId: ids['PRE-004'], amount: 1, reason: 'Damaged package' },
        { percent: 10, reason: 'Price match' },
      ],
    };
    const made = (await send('ticket', managerAtRegister, extra)).json<Ticket>();
    const line = lineOf(made, 'PRE-004');
    const edited = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${made.orderId}/lines`,
      headers: { ...DEMO_CLIENT, authorization: `Bearer ${managerAtRegister}` },
      payload: { changes: [{ lineIndex: line.lineIndex, remove: true }], reason: 'Not today' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Ticket>();
    expect(after.manualDiscounts.map((discount) => discount.discount)).toEqual([
      '0.00',
      (Math.round(cents(lineOf(await quote(managerAtRegister, {}), 'FLW-001').priceSell) / 10) / 100).toFixed(2),
    ]);
    expect(after.items).toHaveLength(1);
    const manual = after.items[0]!.discounts.find((deal) => deal.dealId === 'manual');
    expect(manual?.amount).toBe(after.manualDiscounts[1]!.discount);
  });
});

describe('reward dollars typed at a register where the store runs no loyalty programme', () => {
  const trail = async () =>
    (
      await service.request({
        method: 'GET',
        url: '/v2.0/audit?dispensaryShortName=demo',
        headers: { authorization: `Bearer ${manager}` },
      })
    ).json<AuditDay>().events;

  it('are money off by hand: the manual discounts’ policy asks a manager’s PIN for them, and the trail says who', async () => {
    const reward = { rewardDollars: 1 };
    expect((await quote(cashier, reward)).approvalNeeded).toBe(true);
    expect((await quote(managerAtRegister, reward)).approvalNeeded).toBe(false);
    const refused = await send('ticket', cashier, reward);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ resultDetail: string }>().resultDetail).toBe(
      "The store asks for a manager's PIN for every manual discount; reward dollars count as one, as the store " +
        'runs no loyalty programme: a manager approves them with their PIN',
    );
    const wrong = await send('ticket', cashier, { ...reward, approval: { username: 'manager', pin: '0000' } });
    expect(wrong.statusCode, wrong.body).toBe(403);

    const made = await send('ticket', cashier, { ...reward, approval: APPROVAL });
    expect(made.statusCode, made.body).toBe(201);
    const ticket = made.json<Ticket>();
    expect(ticket.payByPoints).toBe('-1.00');
    expect((await trail()).find((event) => event.orderNumber === ticket.orderNumber)).toMatchObject({
      action: 'reward_dollars',
      amount: 100,
      reason: 'Typed at the register (the store runs no loyalty programme) · approved by Morgan Manager',
    });
  });

  it('count with the manual discounts against the store’s percent; an online order’s need no PIN', async () => {
    await policy(20);
    try {
      const bare = await quote(cashier, {});
      // A fifth of what the sale comes to after deals, to the cent: at the limit, not over it.
      const fifth = Math.floor(cents(bare.adjustedSubTotal) / 5);
      expect((await quote(cashier, { rewardDollars: fifth / 100 })).approvalNeeded).toBe(false);
      expect((await quote(cashier, { rewardDollars: (fifth + 1) / 100 })).approvalNeeded).toBe(true);
      // Each within the percent alone, over it together.
      const both = {
        rewardDollars: Math.floor(fifth / 2) / 100,
        manualDiscounts: [{ percent: 15, reason: 'Price match' }],
      };
      expect((await quote(cashier, both)).approvalNeeded).toBe(true);
    } finally {
      await policy(0);
    }
    // A shop's (online) reward dollars are its own loyalty's: nobody at a register approves them.
    const online = await send('ticket', null, { rewardDollars: 1 });
    expect(online.statusCode, online.body).toBe(201);
  });
});
