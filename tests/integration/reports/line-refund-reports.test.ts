import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesReport, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { lineSale, refundableOrder, refunded } from '../payments/support/line-sale.js';
import { get, moveClock, type TestClock } from './support/report-sales.js';

// One store day in Sacramento (PST): a sale of Blue Dream 3.5g and rolling papers; the papers come
// back by item. The return is the papers' (Accessories), never the flower's; an amount refunded of
// another such sale is shared over both lines as before.
const DAY = '2026-11-17';
const clock: TestClock = { now: new Date('2026-11-17T18:00:00.000Z') };
let database: TestDatabase;
let service: PaymentHarness;

const report = async <T>(name: string, more = '') => {
  const { status, body } = await get<T>(service, `/v2.0/dispensary/demo/reports/${name}?from=${DAY}&to=${DAY}${more}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const returnsBy = async (by: string) =>
  Object.fromEntries(
    (await report<SalesReport>('sales', `&by=${by}`)).rows.map((row) => [row.key, row.returnsCents] as const),
  );

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService({ ...database.config, now: () => clock.now });
  await moveClock(service, clock, clock.now.toISOString());
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

describe('a refund by items in the reports', () => {
  it('puts the return and its tax on the lines given back alone: the papers, not the flower', async () => {
    const sale = await lineSale(service, 1);
    const order = await refundableOrder(service, sale.orderId);
    const papers = order.lines.find((line) => line.itemId === sale.papers.itemId)!;
    clock.now = new Date('2026-11-17T19:00:00.000Z');
    const answer = await refunded(service, sale.paymentId, { lines: [{ itemId: sale.papers.itemId, quantity: 1 }] });
    const [back] = answer.refund!.lines!;
    expect(back!.tax).toBe(papers.lineTaxCents);
    const pretax = back!.amount - back!.tax;

    expect(await returnsBy('category')).toEqual({ ACCESSORY: pretax, FLOWER: 0 });
    expect(await returnsBy('product')).toEqual({ [sale.papers.productId]: pretax, [sale.flower.productId]: 0 });
    const brands = await returnsBy('brand');
    expect(brands['Rolling Co']).toBe(pretax);
    expect(brands['Humboldt Hills']).toBe(0);
    const tax = await report<TaxReport>('tax');
    expect(tax.total.refundedCents).toBe(papers.lineTaxCents);
    const day = (await report<SummaryReport>('summary')).total;
    expect([day.returnsCents, day.returnsTaxCents]).toEqual([pretax, papers.lineTaxCents]);
  });

  it("a refund of an amount only is shared over all its sale's lines, as before", async () => {
    const before = await returnsBy('category');
    const sale = await lineSale(service, 1);
    await refunded(service, sale.paymentId, { amount: 300 });
    const after = await returnsBy('category');
    expect(after.FLOWER! - before.FLOWER!).toBeGreaterThan(0);
    expect(after.ACCESSORY! - before.ACCESSORY!).toBeGreaterThan(0);
  });
});
