import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import type { SalesReport, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, demoService, login, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// README "Loyalty": an order whose whole total reward dollars pay owes nothing, and is paid as it is
// made, with no payment. It is a sale all the same: on the day it was paid, with its gross, its
// discounts, its reward dollars and its tax (README "Reports").
const clock = { now: new Date('2026-11-17T18:00:00.000Z') };
const DAY = '2026-11-17';
const PROGRAMME = { enabled: true, pointsPerDollar: 2, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
let service: DemoService;
let manager: string;
let ticket: Ticket;

const report = async <T>(name: string, query: string) => {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/reports/${name}?${query}`,
    headers: { authorization: `Bearer ${manager}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};

beforeAll(async () => {
  service = await demoService({ now: () => clock.now });
  const store = await loyaltyStore(service, PROGRAMME);
  const plain = 'p.deli = 0 AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 5000';
  const product = (await products(service.app, `${plain} AND p.type = 'FLOWER'`))[0]!;
  await setStock(service.app, product.id, 50_000);
  const ana = await store.newCustomer('Ana', 'Lopez', 8_000_000);
  const adjusted = await service.request({
    method: 'POST',
    url: `${STORE}/customers/${ana.id}/loyalty/adjustments`,
    headers: as(store.manager),
    payload: { points: 100_000, reason: 'Welcome bonus' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: service.headers,
    payload: {
      type: 'PICKUP',
      items: [{ productId: product.id, quantity: 1 }],
      customerId: ana.id,
      // More than its value: capped at it, so the order owes nothing.
      rewardDollars: Math.ceil((product.priceCents * 2) / 100),
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  ticket = made.json<Ticket>();
  expect(ticket).toMatchObject({ total: '0.00', status: 'PAID', paymentStatus: 'PAID' });
  // The next day: the sale's day is closed (a login lasts 8 hours).
  clock.now = new Date('2026-11-18T18:00:00.000Z');
  manager = await login(service.app, 'manager', 'manager-demo-1');
}, 60_000);
afterAll(() => service?.close());

describe('a sale paid whole with reward dollars (no payment)', () => {
  it('counts in the summary on the day it was paid, and the summary still adds up', async () => {
    const summary = await report<SummaryReport>('summary', `from=${DAY}&to=${DAY}`);
    const day = summary.rows[0]!;
    expect(day.sales).toBe(1);
    expect(day.grossCents).toBe(cents(ticket.subTotal));
    expect(day.taxCents).toBe(cents(ticket.tax));
    expect(day.rewardCents).toBe(-cents(ticket.payByPoints));
    expect(day.tenders).toEqual([]);
    // Nothing was paid in money: what the sale came to is all reward dollars.
    expect(day.grossCents - day.discountCents + day.taxCents + day.deliveryCents - day.rewardCents).toBe(0);
    const before = await report<SummaryReport>('summary', `from=2026-11-16&to=2026-11-16`);
    expect(before.total.sales).toBe(0);
  });

  it('counts in the sales by every grouping and in the tax report', async () => {
    const summary = await report<SummaryReport>('summary', `from=${DAY}&to=${DAY}`);
    for (const by of ['category', 'brand', 'product', 'budtender', 'register', 'hour', 'customer-type']) {
      const sales = await report<SalesReport>('sales', `from=${DAY}&to=${DAY}&by=${by}`);
      expect(sales.total.sales, by).toBe(1);
      expect(sales.total.quantityMilli, by).toBe(1000);
      expect(sales.total.grossCents, by).toBe(summary.total.grossCents);
      expect(sales.total.taxCents, by).toBe(summary.total.taxCents);
    }
    const tax = await report<TaxReport>('tax', `from=${DAY}&to=${DAY}`);
    expect(tax.total.taxCents).toBe(cents(ticket.tax));
  });

  it('leaves the day kept added up when it is canceled (its points given back): no sale that day', async () => {
    const { db } = service.app.ctx;
    const kept = () => db.all(db.builder.selectFrom('report_day_totals').select('day').where('day', '=', DAY));
    expect(await new DayTotalsWriter(db, () => clock.now).run()).toBeGreaterThan(0);
    expect(await kept()).toHaveLength(1);
    const kept1 = await report<SummaryReport>('summary', `from=${DAY}&to=${DAY}`);
    expect(kept1.total.sales).toBe(1);
    const canceled = await service.request({
      method: 'POST',
      url: `${STORE}/ecommerce/ticket/${ticket.orderId}/cancel`,
      headers: as(manager),
      payload: { reason: 'Customer changed their mind' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    // The sale's day is no longer kept: the report adds it up again, without the canceled sale.
    expect(await kept()).toHaveLength(0);
    const summary = await report<SummaryReport>('summary', `from=${DAY}&to=${DAY}`);
    expect(summary.total.sales).toBe(0);
    expect(summary.total.grossCents).toBe(0);
    expect(summary.total.rewardCents).toBe(0);
    const tax = await report<TaxReport>('tax', `from=${DAY}&to=${DAY}`);
    expect(tax.total.taxCents).toBe(0);
  });
});
