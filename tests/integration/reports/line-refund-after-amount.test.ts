import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundableOrder } from '../../../shared/contracts/payment-reports.js';
import type { SalesReport, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { lineRefundPart, lineWorths } from '../../../shared/refunds/line-refund.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { lineSale, refundableOrder, refunded, refundOf, type LineSale } from '../payments/support/line-sale.js';
import { get, moveClock, type TestClock } from './support/report-sales.js';

// A price match refunded by amount, then the items given back (README "Refunds by items"): each line
// given back after it is worth its worth less its share of it, so the sale's money goes back once,
// never beyond what the payment charged, and in the reports no line gives back more than it came to
// nor more tax than it collected. One store day in Sacramento (PST), one sale a test, its refunds an
// hour apart.
const DAY = '2026-11-17';
const clock: TestClock = { now: new Date('2026-11-17T17:00:00.000Z') };
let database: TestDatabase;
let service: PaymentHarness;
let hour = 0;

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService({ ...database.config, now: () => clock.now });
  await moveClock(service, clock, clock.now.toISOString());
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

/** Moves the store's clock on a minute: each refund is made after the one before it. */
const later = () => moveClock(service, clock, new Date(clock.now.getTime() + 60_000).toISOString());

/** A sale of two Blue Dream and rolling papers at the next hour of the day, handed over. */
async function sold(): Promise<LineSale> {
  hour += 1;
  await moveClock(service, clock, `2026-11-17T${String(17 + hour).padStart(2, '0')}:00:00.000Z`);
  return lineSale(service, 2);
}

const report = async <T>(name: string, more = '') => {
  const { status, body } = await get<T>(service, `/v2.0/dispensary/demo/reports/${name}?from=${DAY}&to=${DAY}${more}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
/** The sales report by product, each product's row by its id. */
const byProduct = async () =>
  new Map((await report<SalesReport>('sales', '&by=product')).rows.map((row) => [row.key, row] as const));

/** What the back office's refund dialog shows for `quantity` of `itemId`: shared/refunds/line-refund.ts on the answer. */
function preview(order: RefundableOrder, itemId: string, quantity: number) {
  const index = order.lines.findIndex((line) => line.itemId === itemId);
  const part = lineRefundPart(order.lines, lineWorths(order.lines, order), index, quantity * 1000);
  return { amount: part.amountCents, tax: part.taxCents };
}

/** Gives `quantity` of `itemId` back by items, checked against the preview the dialog showed just before. */
async function giveBack(sale: LineSale, itemId: string, quantity: number) {
  await later();
  const shown = preview(await refundableOrder(service, sale.orderId), itemId, quantity);
  const answer = await refunded(service, sale.paymentId, { lines: [{ itemId, quantity }] });
  const [line] = answer.refund!.lines!;
  expect({ amount: line!.amount, tax: line!.tax }).toEqual(shown);
  expect(answer.refund!.amount).toBe(shown.amount);
  return shown;
}

describe('a refund by amount, then the items given back', () => {
  it("gives back each line's worth less its share of the price match: the sale's money once, to the cent", async () => {
    const sale = await sold();
    const before = await refundableOrder(service, sale.orderId);
    const worths = lineWorths(before.lines, before);
    const papers = before.lines.findIndex((line) => line.itemId === sale.papers.itemId);
    await later();
    await refunded(service, sale.paymentId, { amount: 1000 });

    // The dialog reads what the $10.00 gave back of each line: the papers' share of it, by worth.
    const after = await refundableOrder(service, sale.orderId);
    const share = after.lines[papers]!;
    const total = worths.reduce((sum, worth) => sum + worth, 0);
    const exact = (1000 * worths[papers]!) / total;
    expect(share.byAmountCents).toBeGreaterThanOrEqual(Math.floor(exact));
    expect(share.byAmountCents).toBeLessThanOrEqual(Math.ceil(exact));
    expect(after.lines.reduce((sum, line) => sum + line.byAmountCents, 0)).toBe(1000);

    const back = await giveBack(sale, sale.papers.itemId, 1);
    expect(back).toEqual({
      amount: worths[papers]! - share.byAmountCents,
      tax: share.lineTaxCents - share.byAmountTaxCents,
    });
    // The papers carried their share away: what is left of the $10.00 is the flower's.
    const left = await refundableOrder(service, sale.orderId);
    expect(left.lines[papers]!.byAmountCents).toBe(0);

    const one = await giveBack(sale, sale.flower.itemId, 1);
    const other = await giveBack(sale, sale.flower.itemId, 1);
    const flower = after.lines.find((line) => line.itemId === sale.flower.itemId)!;
    const flowerWorth = worths[after.lines.indexOf(flower)]!;
    expect(one.amount + other.amount).toBe(flowerWorth - flower.byAmountCents);
    expect(one.tax + other.tax).toBe(flower.lineTaxCents - flower.byAmountTaxCents);

    // Everything came back: the payment gave back all it charged, and not a cent more.
    expect(1000 + back.amount + one.amount + other.amount).toBe(sale.total);
    const done = await refundableOrder(service, sale.orderId);
    expect(done.payments.map((payment) => payment.paymentId)).not.toContain(sale.paymentId);
    const more = await refundOf(service, sale.paymentId, { amount: 1 });
    expect(more.statusCode, more.body).toBe(409);
  });

  it('leaves no line of the sales report below nothing, nor any tax refunded beyond what it collected', async () => {
    const products = await byProduct();
    for (const row of products.values()) {
      expect(row.netCents, row.label).toBeGreaterThanOrEqual(0);
      // Every line of the day's sale came back: its return is what it sold for, before tax.
      expect(row.returnsCents, row.label).toBe(row.grossCents - row.discountCents);
    }
    const summary = (await report<SummaryReport>('summary')).total;
    expect(summary.returnsTaxCents).toBe(summary.taxCents);
    const tax = await report<TaxReport>('tax');
    expect(tax.total.refundedCents).toBe(tax.total.taxCents);
  });
});

describe('the items given back, then a refund by amount, then the rest', () => {
  it('shares the refund by amount over the lines left alone: the papers given back first take none of it', async () => {
    const before = await byProduct();
    const sale = await sold();
    const order = await refundableOrder(service, sale.orderId);
    const worths = lineWorths(order.lines, order);
    const papers = order.lines.findIndex((line) => line.itemId === sale.papers.itemId);
    const back = await giveBack(sale, sale.papers.itemId, 1);
    expect(back.amount).toBe(worths[papers]);
    await later();
    await refunded(service, sale.paymentId, { amount: 1000 });
    const after = await refundableOrder(service, sale.orderId);
    expect(after.lines[papers]!.byAmountCents).toBe(0);
    const flower = await giveBack(sale, sale.flower.itemId, 2);
    expect(1000 + back.amount + flower.amount).toBe(sale.total);

    const products = await byProduct();
    for (const [key, row] of products) {
      const was = before.get(key);
      const sold = row.grossCents - row.discountCents - (was ? was.grossCents - was.discountCents : 0);
      const returned = row.returnsCents - (was?.returnsCents ?? 0);
      expect(returned, row.label).toBe(sold);
    }
    const summary = (await report<SummaryReport>('summary')).total;
    expect(summary.returnsTaxCents).toBe(summary.taxCents);
  });
});
