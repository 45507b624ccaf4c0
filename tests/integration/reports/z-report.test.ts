import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { cashSale, drawer, loginAt, reportOf, shiftOf } from '../cash/support/drawer-fixtures.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { get, type TestClock } from './support/report-sales.js';

// One store day in Sacramento, one register's shift from opening to its Z report.
const clock: TestClock = { now: new Date('2026-11-10T17:00:00.000Z') };
let service: PaymentHarness;
let front1: string;

beforeAll(async () => {
  service = await paymentService({ now: () => clock.now });
  front1 = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
});
afterAll(() => service.close());

describe('a day of one register', () => {
  it('is its Z report to the cent: sales, taxes by layer, discounts, tenders and refunds', async () => {
    shiftOf(await drawer(service, front1, 'front-1', 'open', { amount: 20000 }));
    const sold = [];
    for (const index of [0, 1, 2, 3]) {
      sold.push(await cashSale(service, front1, index));
      clock.now = new Date(clock.now.getTime() + 20 * 60_000);
    }
    const refunded = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${sold[1]!.id}/refund`,
      headers: { authorization: `Bearer ${front1}` },
      payload: { amount: 300, reason: 'Customer returned it' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const x = reportOf(await drawer(service, front1, 'front-1', 'x-report'));
    const z = reportOf(await drawer(service, front1, 'front-1', 'close', { amount: x.shift.expected }));
    const { body } = await get<SummaryReport>(
      service,
      '/v2.0/dispensary/demo/reports/summary?from=2026-11-10&to=2026-11-10',
    );
    const day = body.rows[0]!;
    const sales = z.sales!;
    expect(day.sales).toBe(sales.sales);
    expect(day.taxes.map((layer) => ({ name: layer.name, amount: layer.amountCents }))).toEqual(sales.taxes);
    expect(day.discountCents).toBe(sales.discounts);
    expect(day.tipCents).toBe(sales.tips);
    expect(day.rewardCents).toBe(sales.rewardDollars);
    expect(day.tenders.map((t) => [t.method, t.count, t.amountCents, t.cashBackCents, t.refundedCents])).toEqual(
      sales.byMethod.map((m) => [m.method, m.count, m.amount, m.cashback, m.refunded]),
    );
    // The $3.00 handed back is a return of $2.77 before its tax, and $0.23 of tax refunded.
    const tax = await get<TaxReport>(service, '/v2.0/dispensary/demo/reports/tax?from=2026-11-10&to=2026-11-10');
    expect([day.returnsCents, tax.body.total.refundedCents]).toEqual([277, 23]);
  });
});
