import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { SalesReport, SummaryFigures, SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import { drawer, loginAt, reportOf } from '../cash/support/drawer-fixtures.js';
import { products, setStock } from '../support/catalog-fixtures.js';
import { cents, demoService, login, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from '../loyalty/loyalty-store.js';

// README "Reports" and "Loyalty": a sale paid partly with reward dollars and returned gives the
// customer their money and their reward dollars' points back. Its return is all of what it sold
// (net sales back to $0.00, in the summary, every grouping and the drawer's report), the reward
// dollars given back a figure of their own, and the summary still adds up to the tenders.
const clock = { now: new Date('2026-11-17T18:00:00.000Z') };
const DAY = '2026-11-17';
const PROGRAMME = { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100, excludedTypes: [], tiers: [] };
const REWARD_DOLLARS = 5;
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let ticket: Ticket & { items: { id: string; productId: string }[] };
let payment: PaymentRecord;
/** The manager signed in at the register, so that its drawer's report has the refunds. */
let managerAtRegister: string;

const report = async <T>(name: string, query = `from=${DAY}&to=${DAY}`) => {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/reports/${name}?${query}`,
    headers: as(store.manager),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<T>();
};
const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

/** The manager refunds `lines` of the sale's payment. */
async function refundLines(lines: { itemId: string; quantity: number }[]) {
  const answer = await service.request({
    method: 'POST',
    url: `/v2.0/payments/${payment.id}/refund`,
    headers: { authorization: `Bearer ${managerAtRegister}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ reason: 'Returned', lines }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** The summary's identity with its refunds, the reward dollars given back with them. */
function reconciles(f: SummaryFigures, taxRefunded: number): void {
  expect(f.grossCents - f.discountCents - f.returnsCents).toBe(f.netCents);
  expect(f.netCents + f.taxCents - taxRefunded + f.deliveryCents - f.rewardCents + f.rewardBackCents).toBe(
    sum(f.tenders, (t) => t.amountCents - t.refundedCents),
  );
}

beforeAll(async () => {
  service = await demoService({ now: () => clock.now });
  store = await loyaltyStore(service, PROGRAMME);
  const gummies = (await products(service.app, "p.sku = 'EDI-001'"))[0]!;
  const grinder = (await products(service.app, "p.sku = 'ACC-003'"))[0]!;
  await setStock(service.app, gummies.id, 50_000);
  await setStock(service.app, grinder.id, 50_000);
  const ana = await store.newCustomer('Ana', 'Lopez', 8_300_000);
  const adjusted = await service.request({
    method: 'POST',
    url: `${STORE}/customers/${ana.id}/loyalty/adjustments`,
    headers: as(store.manager),
    payload: { points: 10_000, reason: 'Welcome bonus' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  const made = await service.request({
    method: 'POST',
    url: `${STORE}/ecommerce/ticket`,
    headers: as(store.register),
    payload: {
      type: 'PICKUP',
      customerId: ana.id,
      rewardDollars: REWARD_DOLLARS,
      items: [
        { productId: gummies.id, quantity: 2 },
        { productId: grinder.id, quantity: 1 },
      ],
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  ticket = made.json<typeof ticket>();
  expect(cents(ticket.payByPoints)).toBe(-REWARD_DOLLARS * 100);
  payment = await store.payCash(ticket);
  managerAtRegister = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
  const [gummiesLine, grinderLine] = [gummies.id, grinder.id].map(
    (id) => ticket.items.find((item) => item.productId === id)!.id,
  );
  // One gummy back, then the other and the grinder: the whole sale, in two refunds by items.
  await refundLines([{ itemId: gummiesLine!, quantity: 1 }]);
  await refundLines([
    { itemId: gummiesLine!, quantity: 1 },
    { itemId: grinderLine!, quantity: 1 },
  ]);
}, 60_000);
afterAll(() => service?.close());

describe('a sale paid partly with reward dollars, returned whole', () => {
  it('is returned whole: net sales $0.00, the reward dollars given back a figure of their own', async () => {
    const day = (await report<SummaryReport>('summary')).total;
    const tax = await report<TaxReport>('tax');
    expect(day.rewardCents).toBe(REWARD_DOLLARS * 100);
    expect(day.rewardBackCents).toBe(REWARD_DOLLARS * 100);
    expect(day.returnsCents).toBe(day.grossCents - day.discountCents);
    expect(day.netCents).toBe(0);
    expect(day.returnsTaxCents).toBe(day.taxCents);
    expect(tax.total.refundedCents).toBe(day.taxCents);
    expect(day.tenders.map((t) => [t.method, t.amountCents, t.refundedCents])).toEqual([
      ['Cash', payment.chargedAmount, payment.chargedAmount],
    ]);
    reconciles(day, tax.total.refundedCents);
  });

  it('leaves every grouping at $0.00 of net sales, each product returned whole', async () => {
    for (const by of ['category', 'brand', 'product', 'budtender', 'register', 'hour', 'customer-type']) {
      const sales = await report<SalesReport>('sales', `from=${DAY}&to=${DAY}&by=${by}`);
      expect(sales.total.netCents, by).toBe(0);
      // Each refund shares its reward dollars among its lines as its money: a line given back in two
      // refunds may get a cent of another's (before, $2.50 or more of the reward dollars stayed sold).
      for (const row of sales.rows) expect(Math.abs(row.netCents), `${by} ${row.key}`).toBeLessThanOrEqual(1);
    }
  });

  it("adds up the same in the drawer's report", async () => {
    const x = reportOf(await drawer(service, store.register, 'front-1', 'x-report'));
    const s = x.sales!.summary!;
    expect([s.returns, s.net, s.rewardDollars, s.rewardDollarsBack]).toEqual([
      s.gross - s.discounts,
      0,
      REWARD_DOLLARS * 100,
      REWARD_DOLLARS * 100,
    ]);
    expect(s.net + s.tax - s.taxRefunded + s.delivery - s.rewardDollars + s.rewardDollarsBack).toBe(
      s.taken + s.tipsRefunded,
    );
  });

  it('says the same once the day is kept added up', async () => {
    const { asOf: _, ...before } = await report<SummaryReport>('summary');
    clock.now = new Date('2026-11-18T18:00:00.000Z');
    store.manager = await login(service.app, 'manager', 'manager-demo-1');
    expect(await new DayTotalsWriter(service.app.ctx.db, () => clock.now).run()).toBeGreaterThan(0);
    const { db } = service.app.ctx;
    const kept = await db.all(db.builder.selectFrom('report_day_totals').select('day').where('day', '=', DAY));
    expect(kept).toHaveLength(1);
    const { asOf, ...after } = await report<SummaryReport>('summary');
    expect([asOf, after]).toEqual([clock.now.toISOString(), before]);
  });
});
