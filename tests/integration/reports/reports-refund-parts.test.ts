import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import type { SalesReport, SummaryFigures, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import {
  createTicket,
  GOOD_CARD,
  orderStatus,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';
import { get, moveClock, refund, type TestClock } from './support/report-sales.js';

// Two store days in Sacramento (PST). On the first a sale of $22.19 (tax included) is refunded whole;
// on the second an online order is paid $5.00 by card at the virtual terminal, refunded and canceled.
const FIRST = '2026-11-17';
const SECOND = '2026-11-18';
const clock: TestClock = { now: new Date('2026-11-17T18:00:00.000Z') };
const GROUPINGS = ['category', 'brand', 'product', 'budtender', 'register', 'hour', 'weekday', 'customer-type'];
let database: TestDatabase;
let service: PaymentHarness;

const report = async <T>(name: string, from: string, to: string, more = '') => {
  const { status, body } = await get<T>(service, `/v2.0/dispensary/demo/reports/${name}?from=${from}&to=${to}${more}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);
/**
 * The summary's identity with its refunds: the sales after returns, with the tax kept and the payments
 * put apart, are what the tenders took less what they handed back (these days have no tip handed back).
 */
const reconciles = (f: SummaryFigures, taxRefunded: number) =>
  expect(
    f.netCents +
      f.taxCents -
      taxRefunded +
      f.deliveryCents -
      f.rewardCents +
      f.paidTowardOpenCents -
      f.paidEarlierCents,
  ).toBe(sum(f.tenders, (t) => t.amountCents - t.refundedCents));

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService({ ...database.config, now: () => clock.now });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

describe('a sale refunded whole', () => {
  it('is returned before its tax: net sales fall by $18.00, the tax refunded is its own $4.19', async () => {
    // 10:00: an $18.00 product, paid in cash.
    const sold = await createTicket(service, 1, 0, 'k.price_cents = 1800 AND k.discount_ppm = 0');
    expect([sold.total, sold.tax]).toEqual([2219, 419]);
    const opened = await session(service, service.tokens.manager, {
      channel: 'pos',
      ticketAlphaNumId: sold.orderNumber,
      originalAmount: sold.total,
    });
    const paid = await pay(service, service.tokens.manager, opened.sessionId, {
      paymentMethod: 'Cash',
      tenderedAmount: sold.total,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await refund(service, clock, '2026-11-17T20:00:00.000Z', paid.json<{ payment: { id: string } }>().payment.id);

    const day = (await report<SummaryReport>('summary', FIRST, FIRST)).total;
    expect(day).toMatchObject({ sales: 1, grossCents: 1800, discountCents: 0, taxCents: 419 });
    expect([day.returnsCents, day.netCents]).toEqual([1800, 0]);
    expect(day.tenders.map((t) => [t.method, t.amountCents, t.refundedCents])).toEqual([['Cash', 2219, 2219]]);
    const tax = await report<TaxReport>('tax', FIRST, FIRST);
    expect(tax.total).toMatchObject({ taxCents: 419, refundedCents: 419, owedCents: 0 });
    reconciles(day, tax.total.refundedCents);
    for (const by of GROUPINGS) {
      const sales = await report<SalesReport>('sales', FIRST, FIRST, `&by=${by}`);
      expect([sales.total.returnsCents, sales.total.netCents, sales.total.taxCents], by).toEqual([1800, 0, 419]);
      expect(
        sum(sales.rows, (row) => row.returnsCents),
        by,
      ).toBe(1800);
    }
  });
});

describe('a payment refunded before its order was sold', () => {
  it('is no return: it stays in the tenders and lowers what was paid toward open orders', async () => {
    await moveClock(service, clock, '2026-11-18T18:00:00.000Z'); // 10:00 the next day
    const order = await createTicket(service, 1, 1);
    const opened = await session(service, service.tokens.manager, {
      channel: 'virtual_terminal',
      ticketAlphaNumId: order.orderNumber,
      originalAmount: order.total,
    });
    const paid = await pay(service, service.tokens.manager, opened.sessionId, {
      paymentMethod: 'Credit',
      amount: 500,
      card: GOOD_CARD,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const payment = paid.json<{ payment: { id: string; originalAmount: number; status: string } }>().payment;
    expect([payment.originalAmount, payment.status]).toEqual([500, 'approved']);
    await refund(service, clock, '2026-11-18T19:00:00.000Z', payment.id);
    const canceled = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/cancel`,
      headers: service.headers,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await orderStatus(service, order.orderId)).toBe('CANCELED');

    const day = (await report<SummaryReport>('summary', SECOND, SECOND)).total;
    expect(day).toMatchObject({ sales: 0, returnsCents: 0, netCents: 0, paidTowardOpenCents: 0 });
    expect(day.tenders.map((t) => [t.method, t.count, t.amountCents, t.refundedCents])).toEqual([
      ['Credit', 1, 500, 500],
    ]);
    const tax = await report<TaxReport>('tax', SECOND, SECOND);
    expect(tax.total.refundedCents).toBe(0);
    reconciles(day, 0);
    for (const by of GROUPINGS) {
      const sales = await report<SalesReport>('sales', SECOND, SECOND, `&by=${by}`);
      expect(sales.rows, by).toEqual([]);
      expect([sales.total.returnsCents, sales.total.netCents], by).toEqual([0, 0]);
    }
    // By its sale's day (it has none: the day it was paid) it is no return either.
    const bySale = (await report<SummaryReport>('summary', SECOND, SECOND, '&returns=by-sale-day')).total;
    expect([bySale.returnsCents, bySale.paidTowardOpenCents]).toEqual([0, 0]);
  });

  it('both days read the same from days kept added up', async () => {
    const live = await report<SummaryReport>('summary', FIRST, SECOND);
    const byCategory = await report<SalesReport>('sales', FIRST, SECOND, '&by=category');
    expect(live.total).toMatchObject({ returnsCents: 1800, netCents: 0, paidTowardOpenCents: 0 });
    const db = await openDataLayer(database.config);
    try {
      expect(await new DayTotalsWriter(db, () => new Date('2026-11-19T18:00:00.000Z')).run()).toBe(2);
    } finally {
      await db.close();
    }
    expect({ ...(await report<SummaryReport>('summary', FIRST, SECOND)), asOf: '' }).toEqual({ ...live, asOf: '' });
    const kept = await report<SalesReport>('sales', FIRST, SECOND, '&by=category');
    expect({ ...kept, asOf: '' }).toEqual({ ...byCategory, asOf: '' });
  });
});
