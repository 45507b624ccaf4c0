import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SalesFigures, SalesReport } from '../../../shared/contracts/reports.js';
import { formatDecimal } from '../../../shared/money.js';
import { MARGIN_WORDS } from '../../../shared/reports/margin-words.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { lineSale, refunded, type LineSale } from '../payments/support/line-sale.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { get, moveClock, type TestClock } from './support/report-sales.js';

// One store day in Sacramento: Blue Dream 3.5g (it cost the store $12.00 a unit) and rolling papers
// (no known cost) sold three times; one Blue Dream given back by items and put back in stock, one
// given back and not (destroyed), and $3.00 refunded of the third sale. The margin is taken from the
// net sales after those returns, as the net sales beside it are: the Blue Dream put back in stock
// costs nothing, the one destroyed still does.
const DAY = '2026-11-18';
const UNIT_COST = 1200;
const clock: TestClock = { now: new Date('2026-11-18T18:00:00.000Z') };
let database: TestDatabase;
let service: PaymentHarness;
let sales: LineSale[];

const salesBy = async (by: string) => {
  const url = `/v2.0/dispensary/demo/reports/sales?from=${DAY}&to=${DAY}&by=${by}`;
  const { status, body } = await get<SalesReport>(service, url);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const basis = (figures: SalesFigures) => figures.costCents + figures.marginCents + figures.netWithoutCostCents;

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService({ ...database.config, now: () => clock.now });
  await moveClock(service, clock, clock.now.toISOString());
  const first = await lineSale(service, 2);
  // A cost is its package's as set now (README "Reports"): every Blue Dream sold costs it.
  const cost = await service.request({
    method: 'PATCH',
    url: `/v2.0/dispensary/demo/setup/products/${first.flower.productId}`,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { unitCostCents: UNIT_COST },
  });
  expect(cost.statusCode, cost.body).toBe(200);
  sales = [first, await lineSale(service, 1), await lineSale(service, 1)];
  clock.now = new Date('2026-11-18T20:00:00.000Z');
  const flower = (sale: LineSale) => [{ itemId: sale.flower.itemId, quantity: 1 }];
  await refunded(service, sales[0]!.paymentId, { lines: flower(sales[0]!), restock: true });
  await refunded(service, sales[1]!.paymentId, { lines: flower(sales[1]!) });
  await refunded(service, sales[2]!.paymentId, { amount: 300 });
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

describe('the margin after returns', () => {
  it('backs the cost of goods put back in stock out of the cost, and takes every return off the margin or the sales of no known cost', async () => {
    const report = await salesBy('product');
    const blueDream = report.rows.find((row) => row.key === sales[0]!.flower.productId)!;
    const papers = report.rows.find((row) => row.key === sales[0]!.papers.productId)!;
    // 4 sold at $12.00, 1 of them back on the shelf.
    expect(blueDream.quantityMilli).toBe(4000);
    expect(blueDream.costCents).toBe(3 * UNIT_COST);
    // Two given back at $35.00 before tax, and a share of the $3.00 (less its tax).
    expect(blueDream.returnsCents).toBeGreaterThan(2 * 3500);
    expect(blueDream.marginCents).toBe(blueDream.netCents - 3 * UNIT_COST);
    expect(papers).toMatchObject({ costCents: 0, marginCents: 0, netWithoutCostCents: papers.netCents });
    expect(papers.returnsCents).toBeGreaterThan(0);
    for (const figures of [blueDream, papers, report.total]) expect(basis(figures)).toBe(figures.netCents);
  });

  it('is the same added up in SQL (by category) as line by line (by product)', async () => {
    const product = await salesBy('product');
    const category = await salesBy('category');
    const flower = category.rows.find((row) => row.key === 'FLOWER')!;
    const blueDream = product.rows.find((row) => row.key === sales[0]!.flower.productId)!;
    const pick = ({ netCents, returnsCents, costCents, marginCents, netWithoutCostCents }: SalesFigures) => ({
      netCents,
      returnsCents,
      costCents,
      marginCents,
      netWithoutCostCents,
    });
    expect(pick(flower)).toEqual(pick(blueDream));
    expect(pick(category.total)).toEqual(pick(product.total));
  });

  it('the CLI prints the same figures under the same words, and says what the margin is taken from', async () => {
    const report = await salesBy('product');
    const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
    const args = ['reports', 'sales', '--dispensary', 'demo', '--from', DAY, '--to', DAY, '--by', 'product'];
    const csv = await servicepay(...args, '--csv');
    expect(csv.status, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trimEnd().split('\r\n');
    expect(header).toBe('product,quantity,sales,gross,discounts,returns,net,tax,cost,margin,net without a known cost');
    const { netCents, costCents, marginCents, netWithoutCostCents } = report.total;
    expect(rows.at(-1)!.split(',').slice(-5)).toEqual([
      formatDecimal(netCents),
      expect.any(String),
      formatDecimal(costCents),
      formatDecimal(marginCents),
      formatDecimal(netWithoutCostCents),
    ]);
    const text = await servicepay(...args);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain(MARGIN_WORDS);
  });
});
