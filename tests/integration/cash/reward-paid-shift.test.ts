import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawerReport, ShiftSales } from '../../../shared/contracts/cash.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, demoService, setupRequest, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';
import { drawer, loginAt, pinPadSale, reportOf, shiftOf } from './support/drawer-fixtures.js';

// README "Cash drawers": a sale at a register that owes nothing (reward dollars cover all of it) is
// paid as it is made, with no payment. It is a sale of the shift open at its register all the same:
// its X and Z reports count it (sales, customers, gross, discounts by deal, tax, reward dollars),
// another register's do not, and no later shift counts it again. A card sale's shift is as before.
const PROGRAMME = { enabled: true, pointsPerDollar: 2, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let front2: string;
let flower: { id: string; priceCents: number };
let customerId: string;

beforeAll(async () => {
  // The PIN pad waits ten minutes: the card sale presents its card (the sandbox's tap).
  service = await demoService({ pinpadDelayMs: 600_000, reconcileDelayMs: 40 });
  store = await loyaltyStore(service, PROGRAMME);
  front2 = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-2');
  shiftOf(await drawer(service, front2, 'front-2', 'open', { amount: 10000 }));
  const plain = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  flower = (await products(service.app, `${plain} AND p.type = 'FLOWER'`))[0]!;
  await setStock(service.app, flower.id, 50_000);
  const deal = await setupRequest(service, store.manager, 'POST', '/deals', {
    name: 'Flower Tuesday',
    kind: 'percent',
    percent: 15,
    scope: { productIds: [flower.id], brands: [], categories: [], tags: [] },
  });
  expect(deal.statusCode, deal.body).toBe(200);
  const ana = await store.newCustomer('Ana', 'Lopez', 8_100_000);
  customerId = ana.id;
  const adjusted = await service.request({
    method: 'POST',
    url: `${STORE}/customers/${ana.id}/loyalty/adjustments`,
    headers: as(store.manager),
    payload: { points: 100_000, reason: 'Welcome bonus' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
}, 60_000);
afterAll(() => service?.close());

/** A ticket of one flower for Ana, all of it paid with reward dollars (capped at its value). */
async function covered(headers: Record<string, string>): Promise<Ticket> {
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers,
    payload: {
      type: 'PICKUP',
      items: [{ productId: flower.id, quantity: 1 }],
      customerId,
      rewardDollars: Math.ceil((flower.priceCents * 2) / 100),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const ticket = made.json<Ticket>();
  expect(ticket).toMatchObject({ total: '0.00', paymentStatus: 'PAID' });
  return ticket;
}

const xReport = async (token: string, terminal: string) =>
  reportOf(await drawer(service, token, terminal, 'x-report')).sales!;

/** The Sales section of a shift whose only sale is `ticket`, paid whole with reward dollars. */
function onlySale(ticket: Ticket): Partial<ShiftSales> {
  const [deal] = ticket.deals;
  const gross = cents(ticket.subTotal);
  // The ticket says what was taken off as negative amounts; the report, as what it took off.
  const discounts = -cents(ticket.discount) - cents(ticket.tierDiscount);
  const tax = cents(ticket.tax);
  const rewardDollars = -cents(ticket.payByPoints);
  expect(gross - discounts + tax - rewardDollars).toBe(0);
  return {
    byMethod: [],
    sales: 1,
    customers: 1,
    discounts,
    dealDiscounts: [{ name: 'Flower Tuesday', amount: cents(deal!.amount) }],
    rewardDollars,
    tips: 0,
    summary: expect.objectContaining({
      gross,
      discounts,
      dealDiscounts: cents(deal!.amount),
      returns: 0,
      net: gross - discounts,
      tax,
      rewardDollars,
      paidEarlier: 0,
      taken: 0,
    }) as ShiftSales['summary'],
  };
}

describe('a register sale paid whole with reward dollars', () => {
  it('is in the X and Z of the shift open at its register, in no other register’s, and never twice', async () => {
    const sale = await covered(as(store.register));
    expect(sale.status).toBe('COMPLETED');
    expect(sale.deals.map((deal) => deal.name)).toEqual(['Flower Tuesday']);
    expect(cents(sale.deals[0]!.amount)).toBeGreaterThan(0);
    // Online: at no register, in no shift.
    expect((await covered(service.headers)).status).toBe('PAID');

    const x = await xReport(store.register, 'front-1');
    expect(x).toMatchObject(onlySale(sale));
    expect(x.taxes.reduce((sum, layer) => sum + layer.amount, 0)).toBe(cents(sale.tax));
    expect(await xReport(front2, 'front-2')).toMatchObject({ sales: 0, customers: 0, byMethod: [] });

    // A card sale at front-2: its shift counts it as before, and nothing of front-1's.
    const card = await pinPadSale(service, front2, 0, 'Credit', { tap: true });
    const other = await xReport(front2, 'front-2');
    expect(other).toMatchObject({ sales: 1, customers: 1, rewardDollars: 0 });
    expect(other.dealDiscounts).toBeUndefined();
    expect(other.byMethod).toEqual([
      expect.objectContaining({ method: 'Credit', count: 1, amount: card.originalAmount }),
    ]);
    expect(other.summary).toMatchObject({ rewardDollars: 0, paidEarlier: 0, taken: card.originalAmount });
    const z2 = reportOf(await drawer(service, front2, 'front-2', 'close', { amount: 10000 }));
    expect(z2.sales).toEqual(other);

    const z = reportOf(await drawer(service, store.register, 'front-1', 'close', { amount: 20000 }));
    expect(z.kind).toBe('Z');
    expect(z.sales).toEqual(x);

    // With the drawer closed a sale still owes nothing and is handed over: in no shift. The next
    // shift counts neither it nor the first one again.
    expect((await covered(as(store.register))).status).toBe('COMPLETED');
    shiftOf(await drawer(service, store.register, 'front-1', 'open', { amount: 20000 }));
    expect(await xReport(store.register, 'front-1')).toMatchObject({ sales: 0, rewardDollars: 0, byMethod: [] });
    const next: DrawerReport = reportOf(await drawer(service, store.register, 'front-1', 'close', { amount: 20000 }));
    expect(next.sales).toMatchObject({ sales: 0, customers: 0 });
  });

  it('counts an order brought to owe nothing at the counter in that shift, and not once it is canceled', async () => {
    shiftOf(await drawer(service, store.register, 'front-1', 'open', { amount: 20000 }));
    // What one flower comes to: an online order reward dollars cover whole (in no shift).
    const one = -cents((await covered(service.headers)).payByPoints);
    const before = (await store.loyaltyOf(customerId)).points;
    const made = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 2 }], customerId, rewardDollars: one / 100 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Ticket>()).toMatchObject({ source: 'online', paymentStatus: 'UNPAID' });
    // At front-1 one flower is taken off: the reward dollars cover what is left.
    const edited = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket/${made.json<Ticket>().orderId}/lines`,
      headers: as(store.register),
      payload: { changes: [{ lineIndex: 1, quantity: 1 }], reason: 'One jar is enough' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const order = edited.json<Ticket>();
    expect(order).toMatchObject({ total: '0.00', status: 'PAID', paymentStatus: 'PAID' });
    expect(await xReport(store.register, 'front-1')).toMatchObject(onlySale(order));

    const canceled = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket/${order.orderId}/cancel`,
      headers: service.headers,
      payload: { reason: 'Customer changed their mind' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await store.loyaltyOf(customerId)).points).toBe(before);
    const x = await xReport(store.register, 'front-1');
    expect(x).toMatchObject({ sales: 0, customers: 0, discounts: 0, rewardDollars: 0, byMethod: [] });
    expect(x.dealDiscounts).toBeUndefined();
    const z = reportOf(await drawer(service, store.register, 'front-1', 'close', { amount: 20000 }));
    expect(z.sales).toEqual(x);
  });

  it('counts an online order brought to owe nothing while picked in the shift of the register that hands it over', async () => {
    shiftOf(await drawer(service, store.register, 'front-1', 'open', { amount: 20000 }));
    const one = -cents((await covered(service.headers)).payByPoints);
    const made = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket`,
      headers: service.headers,
      payload: { type: 'PICKUP', items: [{ productId: flower.id, quantity: 2 }], customerId, rewardDollars: one / 100 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const orderId = made.json<Ticket>().orderId;
    const move = async (status: string) => {
      const moved = await service.request({
        method: 'POST',
        url: `${STORE}/ecommerce/ticket/${orderId}/status`,
        headers: as(store.register),
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      return moved.json<Ticket>();
    };
    await move('IN_PROCESS');
    // While it is picked at front-1, one flower is taken off: the reward dollars cover what is left,
    // and it is paid with no payment. Not a sale yet: it is one when it is handed over.
    const edited = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket/${orderId}/lines`,
      headers: as(store.register),
      payload: { changes: [{ lineIndex: 1, quantity: 1 }], reason: 'One jar is enough' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const order = edited.json<Ticket>();
    expect(order).toMatchObject({ total: '0.00', status: 'IN_PROCESS', paymentStatus: 'PAID' });
    expect(await xReport(store.register, 'front-1')).toMatchObject({ sales: 0, rewardDollars: 0, byMethod: [] });
    await move('PACKED_READY');
    expect(await move('COMPLETED')).toMatchObject({ status: 'COMPLETED', paymentStatus: 'PAID' });

    // Handed over at front-1: the sale of its shift, in its X and its Z.
    const x = await xReport(store.register, 'front-1');
    expect(x).toMatchObject(onlySale(order));
    const z = reportOf(await drawer(service, store.register, 'front-1', 'close', { amount: 20000 }));
    expect(z.sales).toEqual(x);
  });
});
