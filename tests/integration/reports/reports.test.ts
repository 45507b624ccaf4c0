import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryValueReport, SalesReport, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { get, refund, sell, type TestClock } from './support/report-sales.js';

// The demo store is in Sacramento (America/Los_Angeles): 2026-11-01 is its 25-hour day (PDT → PST).
const clock: TestClock = { now: new Date('2026-10-31T17:00:00.000Z') };
let service: PaymentHarness;
let first: Awaited<ReturnType<typeof sell>>;
const url = (report: string, query: string) => `/v2.0/dispensary/demo/reports/${report}?${query}`;

beforeAll(async () => {
  service = await paymentService({ now: () => clock.now });
  first = await sell(service, clock, '2026-10-31T17:00:00.000Z', { quantity: 2 }); // 10:00 PDT
  await sell(service, clock, '2026-11-01T08:30:00.000Z', { index: 1 }); // 01:30 PDT, the first of two
  await sell(service, clock, '2026-11-01T09:30:00.000Z', { index: 2 }); // 01:30 PST, the second
  await sell(service, clock, '2026-11-02T07:30:00.000Z', { index: 3 }); // 23:30 PST on Nov 1
  await refund(service, clock, '2026-11-02T18:00:00.000Z', first.payment.id, 100); // Nov 2, 10:00
});
afterAll(() => service.close());

describe('GET /v2.0/dispensary/<short>/reports/summary', () => {
  it('sums its days, each as the payments summary of that store day, refunds on their day', async () => {
    const { status, body } = await get<SummaryReport>(service, url('summary', 'from=2026-10-31&to=2026-11-02'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ dispensaryShortName: 'demo', timeZone: 'America/Los_Angeles', readFrom: 'primary' });
    expect(body.rows.map((row) => [row.day, row.sales])).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 3],
      ['2026-11-02', 0],
    ]);
    // The $1.00 refund is returned before its tax: its share of the sale's tax is the tax report's.
    const returned = 100 - Math.round((100 * first.tax) / first.total);
    expect(returned).toBeLessThan(100);
    expect(body.rows.map((row) => row.returnsCents)).toEqual([0, 0, returned]);
    for (const row of body.rows) {
      const day = await get<{ totals: { amount: number; tip: number; cashback: number } }>(
        service,
        `/v2.0/payments/summary?dispensaryShortName=demo&date=${row.day}`,
      );
      const applied = row.tenders.reduce((sum, tender) => sum + tender.amountCents, 0);
      expect(applied).toBe(day.body.totals.amount);
      // What the sales came to is what was paid for them.
      expect(row.grossCents - row.discountCents + row.taxCents + row.deliveryCents - row.rewardCents).toBe(applied);
    }
    const sum = (pick: (row: SummaryReport['rows'][number]) => number) =>
      body.rows.reduce((total, row) => total + pick(row), 0);
    expect(body.total.grossCents).toBe(sum((row) => row.grossCents));
    expect(body.total.netCents).toBe(sum((row) => row.netCents));
    expect(body.total.taxCents).toBe(body.total.taxes.reduce((total, layer) => total + layer.amountCents, 0));
    const bySale = await get<SummaryReport>(
      service,
      url('summary', 'from=2026-10-31&to=2026-11-02&returns=by-sale-day&compare=previous'),
    );
    expect(bySale.body.rows.map((row) => row.returnsCents)).toEqual([returned, 0, 0]);
    expect(bySale.body.previous).toMatchObject({ from: '2026-10-28', to: '2026-10-30' });
  });
});

describe('GET /v2.0/dispensary/<short>/reports/sales', () => {
  it('groups sum to the summary for every grouping; hours are the store’s, DST included', async () => {
    const summary = (await get<SummaryReport>(service, url('summary', 'from=2026-10-31&to=2026-11-02'))).body;
    for (const by of ['category', 'brand', 'product', 'budtender', 'register', 'hour', 'weekday', 'customer-type']) {
      const { status, body } = await get<SalesReport>(service, url('sales', `from=2026-10-31&to=2026-11-02&by=${by}`));
      expect(status, by).toBe(200);
      const sum = (pick: (row: SalesReport['rows'][number]) => number) =>
        body.rows.reduce((total, row) => total + pick(row), 0);
      expect(
        sum((row) => row.grossCents),
        by,
      ).toBe(summary.total.grossCents);
      expect(
        sum((row) => row.discountCents),
        by,
      ).toBe(summary.total.discountCents);
      expect(
        sum((row) => row.returnsCents),
        by,
      ).toBe(summary.total.returnsCents);
      expect(
        sum((row) => row.taxCents),
        by,
      ).toBe(summary.total.taxCents);
      expect(body.total.netCents, by).toBe(summary.total.netCents);
    }
    const hours = (await get<SalesReport>(service, url('sales', 'from=2026-11-01&to=2026-11-01&by=hour'))).body;
    expect(hours.rows.map((row) => [row.key, row.sales])).toEqual([
      ['1', 2],
      ['23', 1],
    ]);
    // Named on the store's clock as the chart's axis says its hours ("1 AM"), from its start to the next.
    expect(hours.rows.map((row) => row.label.replaceAll('\u00a0', ' '))).toEqual(['1 AM–2 AM', '11 PM–12 AM']);
    const top = (await get<SalesReport>(service, url('sales', 'from=2026-10-31&to=2026-11-02&by=product&limit=1')))
      .body;
    expect(top.rows).toHaveLength(1);
  });
});

describe('GET /v2.0/dispensary/<short>/reports/tax and inventory-value', () => {
  it('answers the tax per layer and month, and the stock at a day’s end', async () => {
    const summary = (await get<SummaryReport>(service, url('summary', 'from=2026-10-31&to=2026-11-02'))).body;
    const tax = (await get<TaxReport>(service, url('tax', 'from=2026-10-31&to=2026-11-02'))).body;
    expect(new Set(tax.rows.map((row) => row.month))).toEqual(new Set(['2026-10', '2026-11']));
    expect(tax.total.taxCents).toBe(summary.total.taxCents);
    expect(tax.rows.reduce((total, row) => total + row.taxCents, 0)).toBe(summary.total.taxCents);
    // The $1.00 refund of Oct 31's sale on Nov 2 hands back its share of that sale's tax, in November.
    const handedBack = Math.round((100 * first.tax) / first.total);
    expect(handedBack).toBeGreaterThan(0);
    const refundedIn = (report: TaxReport, month: string) =>
      report.rows.filter((row) => row.month === month).reduce((total, row) => total + row.refundedCents, 0);
    expect([refundedIn(tax, '2026-10'), refundedIn(tax, '2026-11')]).toEqual([0, handedBack]);
    expect(tax.total).toMatchObject({ refundedCents: handedBack, owedCents: summary.total.taxCents - handedBack });
    const bySale = (await get<TaxReport>(service, url('tax', 'from=2026-10-31&to=2026-11-02&returns=by-sale-day')))
      .body;
    expect([refundedIn(bySale, '2026-10'), refundedIn(bySale, '2026-11')]).toEqual([handedBack, 0]);
    const now = await get(service, url('inventory-value', 'from=2026-11-02&to=2026-11-02'));
    const before = await get(service, url('inventory-value', 'from=2026-10-31&to=2026-10-31'));
    expect(now.status).toBe(200);
    expect(before.status).toBe(200);
    const quantity = (body: unknown) => (body as { total: { quantityMilli: number } }).total.quantityMilli;
    // Five units sold since Oct 31 began (two, then one each), none received or adjusted: online orders
    // paid at the counter and not handed over yet, so their units are still on the shelf, held for them.
    expect(quantity(before.body) - quantity(now.body)).toBe(0);
  });
});

describe('GET …/reports/inventory-value?to (the stock at the end of one day)', () => {
  it('needs only the day `to`, for a store and for the chain, as README "Reports" documents it', async () => {
    const withFrom = await get<InventoryValueReport>(service, url('inventory-value', 'from=2026-11-02&to=2026-11-02'));
    const toAlone = await get<InventoryValueReport>(service, url('inventory-value', 'to=2026-11-02'));
    expect(toAlone.status, JSON.stringify(toAlone.body)).toBe(200);
    expect(toAlone.body).toMatchObject({ from: '2026-11-02', to: '2026-11-02' });
    expect(toAlone.body.total).toEqual(withFrom.body.total);
    expect(toAlone.body.rows).toEqual(withFrom.body.rows);
    const chain = await get<{ stores: InventoryValueReport[] }>(service, '/v2.0/reports/inventory-value?to=2026-11-02');
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.stores.find((store) => store.dispensaryShortName === 'demo')?.total).toEqual(withFrom.body.total);
    // The reports over a range still need its first day, and say so in words.
    for (const report of ['summary', 'sales', 'tax']) {
      const refused = await get<{ resultDetail: string }>(service, url(report, 'to=2026-11-02'));
      expect(refused.status, report).toBe(400);
      expect(refused.body.resultDetail, report).toBe('from in the query is required');
    }
    const bad = await get<{ resultDetail: string }>(service, url('inventory-value', 'to=2026-11-31'));
    expect(bad.status).toBe(400);
    expect(bad.body.resultDetail).toBe('to must be a real date (YYYY-MM-DD), not "2026-11-31"');
  });
});

describe('GET …/reports/inventory-value of a day whose stock is not known', () => {
  type Refusal = { resultDetail: string; details?: Record<string, string> };

  it('refuses a day whose end has not come (today is its stock so far), naming `to` and its last day', async () => {
    // The clock is at Nov 2, 10:00 AM PST: today in the store's time zone.
    const today = await get(service, url('inventory-value', 'to=2026-11-02'));
    expect(today.status).toBe(200);
    for (const path of [url('inventory-value', 'to=2026-11-03'), '/v2.0/reports/inventory-value?to=2026-11-03']) {
      const refused = await get<Refusal>(service, path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.resultDetail, path).toMatch(
        /^to must be on or before 2026-11-02 \(today (in the store’s time zone|at Green Valley Dispensary), America\/Los_Angeles\): the end of 2026-11-03 has not come yet$/,
      );
      expect(refused.body.details, path).toEqual({ lastDay: '2026-11-02' });
    }
    const later = await get<Refusal>(service, url('inventory-value', 'to=2099-01-01'));
    expect(later.body.details).toEqual({ lastDay: '2026-11-02' });
  });

  it("refuses a day before the store's records start (the demo store was set up on Oct 31), saying that day", async () => {
    for (const path of [url('inventory-value', 'to=2026-10-30'), '/v2.0/reports/inventory-value?to=2020-01-01']) {
      const refused = await get<Refusal>(service, path);
      expect(refused.status, path).toBe(400);
      expect(refused.body.resultDetail, path).toBe(
        'to must be on or after 2026-10-31: the store’s records start that day, and its stock before then is not known',
      );
      expect(refused.body.details, path).toEqual({ firstDay: '2026-10-31' });
    }
    // Who may not read reports is refused as before, whatever the day.
    const cashier = await get(service, url('inventory-value', 'to=2020-01-01'), service.tokens.cashier);
    expect(cashier.status).toBe(403);
  });
});

describe('refusals', () => {
  it('refuses bad ranges, unknown reports and groupings, and other stores, in words', async () => {
    const refused = async (path: string, status = 400) => {
      const answer = await get<{ resultDetail: string }>(service, path);
      expect(answer.status, path).toBe(status);
      return answer.body.resultDetail;
    };
    expect(await refused(url('summary', 'from=2025-01-01&to=2026-01-02'))).toMatch(/366 days/);
    expect(await refused(url('summary', 'from=2026-11-02&to=2026-11-01'))).toMatch(/before/);
    expect(await refused(url('summary', 'from=2026-02-30&to=2026-03-01'))).toMatch(/real date/);
    expect(await refused(url('summary', 'from=yesterday&to=2026-03-01'))).toMatch(/from/);
    expect(await refused(url('margins', 'from=2026-11-01&to=2026-11-01'))).toMatch(/summary, sales, tax/);
    expect(await refused(url('sales', 'from=2026-11-01&to=2026-11-01&by=colour'))).toMatch(/by/);
    await refused('/v2.0/dispensary/nowhere/reports/summary?from=2026-11-01&to=2026-11-01', 404);
    const cashier = await get(service, url('summary', 'from=2026-11-01&to=2026-11-01'), service.tokens.cashier);
    expect(cashier.status).toBe(403);
  });
});

describe('GET /v2.0/reports/<report>', () => {
  it('answers every store of the organization side by side and their total', async () => {
    const { status, body } = await get<{ stores: SummaryReport[]; total: SummaryReport['total'] }>(
      service,
      '/v2.0/reports/summary?from=2026-10-31&to=2026-11-02',
    );
    expect(status).toBe(200);
    expect(body.stores.map((store) => store.dispensaryShortName)).toContain('demo');
    expect(body.total.grossCents).toBe(body.stores.reduce((total, store) => total + store.total.grossCents, 0));
  });
});
