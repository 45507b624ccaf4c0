import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport, SummaryReport } from '../../../shared/contracts/reports.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import { drawer, loginAt, shiftOf } from '../cash/support/drawer-fixtures.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, demoService, login, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// README "Reports" and "Cash drawers": a sale at a register that owes nothing (reward dollars cover it
// all, so it has no payment) counts in the shift open at its register, and the store's sales by
// register list it under that register, as they list a paid sale under its payment's register:
// read from the sales and from the day kept added up (report_day_totals) alike. One made online is
// at no register; the other groupings count every sale as before.
const clock = { now: new Date('2026-11-17T18:00:00.000Z') };
const DAY = '2026-11-17';
const PROGRAMME = { enabled: true, pointsPerDollar: 2, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
const GROUPINGS = ['category', 'brand', 'product', 'budtender', 'register', 'hour', 'weekday', 'customer-type'];
let service: DemoService;
let manager: string;
const sold: { front1?: Ticket; front2?: Ticket; online?: Ticket } = {};

const report = async <T>(name: string, query: string) => {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/reports/${name}?${query}`,
    headers: { authorization: `Bearer ${manager}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};

/** The sales by register of DAY: each register's sales and gross, by key. */
const byRegister = async () => {
  const sales = await report<SalesReport>('sales', `from=${DAY}&to=${DAY}&by=register`);
  return Object.fromEntries(
    sales.rows.map((row) => [row.key, { label: row.label, sales: row.sales, gross: row.grossCents }]),
  );
};

beforeAll(async () => {
  service = await demoService({ now: () => clock.now });
  const store = await loyaltyStore(service, PROGRAMME);
  const front2 = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-2');
  shiftOf(await drawer(service, front2, 'front-2', 'open', { amount: 10000 }));
  const plain = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  const product = (await products(service.app, `${plain} AND p.type = 'FLOWER'`))[0]!;
  await setStock(service.app, product.id, 50_000);
  const ana = await store.newCustomer('Ana', 'Lopez', 8_200_000);
  const adjusted = await service.request({
    method: 'POST',
    url: `${STORE}/customers/${ana.id}/loyalty/adjustments`,
    headers: as(store.manager),
    payload: { points: 100_000, reason: 'Welcome bonus' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  /** A ticket of one flower for Ana; `covered`: all of it paid with reward dollars (capped at its value). */
  const ticket = async (headers: Record<string, string>, covered: boolean) => {
    const rewardDollars = covered ? Math.ceil((product.priceCents * 2) / 100) : 0;
    const made = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket`,
      headers,
      payload: { type: 'PICKUP', items: [{ productId: product.id, quantity: 1 }], customerId: ana.id, rewardDollars },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<Ticket>();
  };
  // At front-2 (its drawer open): owes nothing, paid and handed over as it is made, with no payment.
  sold.front2 = await ticket(as(front2), true);
  expect(sold.front2).toMatchObject({ total: '0.00', status: 'COMPLETED', paymentStatus: 'PAID' });
  // Online: owes nothing too, at no register.
  sold.online = await ticket(service.headers, true);
  expect(sold.online).toMatchObject({ total: '0.00', status: 'PAID', paymentStatus: 'PAID' });
  // At front-1, paid in cash: under its payment's register, as before.
  sold.front1 = await ticket(as(store.register), false);
  await store.payCash(sold.front1);
  // The next day: the sales' day is closed (a login lasts 8 hours).
  clock.now = new Date('2026-11-18T18:00:00.000Z');
  manager = await login(service.app, 'manager', 'manager-demo-1');
}, 60_000);
afterAll(() => service?.close());

describe('a sale paid whole with reward dollars at a register', () => {
  it('is listed under its register in the sales by register, and every other grouping counts every sale', async () => {
    const gross = (ticket?: Ticket) => cents(ticket!.subTotal);
    const expected = {
      'front-1': { label: 'front-1', sales: 1, gross: gross(sold.front1) },
      'front-2': { label: 'front-2', sales: 1, gross: gross(sold.front2) },
      '': { label: 'No register (online)', sales: 1, gross: gross(sold.online) },
    };
    expect(await byRegister()).toEqual(expected);

    const summary = await report<SummaryReport>('summary', `from=${DAY}&to=${DAY}`);
    expect(summary.total.sales).toBe(3);
    for (const by of GROUPINGS) {
      const sales = await report<SalesReport>('sales', `from=${DAY}&to=${DAY}&by=${by}`);
      expect(sales.total.sales, by).toBe(3);
      expect(sales.total.grossCents, by).toBe(summary.total.grossCents);
      expect(sales.total.taxCents, by).toBe(summary.total.taxCents);
      expect(
        sales.rows.reduce((sum, row) => sum + row.grossCents, 0),
        by,
      ).toBe(summary.total.grossCents);
    }

    // The day added up and kept: its sales by register read from the kept row say the same.
    const { db } = service.app.ctx;
    expect(await new DayTotalsWriter(db, () => clock.now).run()).toBeGreaterThan(0);
    const kept = await db.first(
      db.builder.selectFrom('report_day_totals').select('by_register').where('day', '=', DAY),
    );
    expect(kept?.by_register).toContain('front-2');
    expect(await byRegister()).toEqual(expected);
    const keptSummary = await report<SummaryReport>('summary', `from=${DAY}&to=${DAY}`);
    expect(keptSummary.total).toEqual(summary.total);
  });
});
