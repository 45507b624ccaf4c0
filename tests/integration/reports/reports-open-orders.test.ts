import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import type { ChainSummaryReport, SummaryFigures, SummaryReport } from '../../../shared/contracts/reports.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import {
  createTicket,
  orderStatus,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';
import { get, moveClock, sell, type TestClock } from './support/report-sales.js';

// Two store days in Sacramento (PST). On the first an online order is paid in part in cash at the
// counter, its last $0.51 not paid: its cash is in the day's tenders, its sale is not (the order is
// not completed). On the second its last $0.51 is paid and its sale counts, its first payment in the
// first day's tenders. The summary says so, and its figures add up on each day and over both.
const clock: TestClock = { now: new Date('2026-11-17T18:00:00.000Z') };
const FIRST = '2026-11-17';
const SECOND = '2026-11-18';
let database: TestDatabase;
let service: PaymentHarness;
let order: Awaited<ReturnType<typeof createTicket>>;
let fullSale: Awaited<ReturnType<typeof sell>>;
const LEFT = 51;

/** Pays `amount` of `order` in cash at a register, as the POS does (a short tender is a partial payment). */
async function payCash(amount: number) {
  const manager = service.tokens.manager;
  const opened = await session(service, manager, {
    channel: 'pos',
    ticketAlphaNumId: order.orderNumber,
    originalAmount: amount,
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: amount });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: { amount: number; status: string } }>();
}

const summary = async (from: string, to: string) => {
  const { status, body } = await get<SummaryReport>(
    service,
    `/v2.0/dispensary/demo/reports/summary?from=${from}&to=${to}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const paid = (f: SummaryFigures) => f.tenders.reduce((sum, tender) => sum + tender.amountCents, 0);
const soldFor = (f: SummaryFigures) => f.grossCents - f.discountCents + f.taxCents + f.deliveryCents - f.rewardCents;
/** The summary's identity: what the sales came to, with the payments put apart, is what was paid. */
const reconciles = (f: SummaryFigures) => expect(soldFor(f) + f.paidTowardOpenCents - f.paidEarlierCents).toBe(paid(f));

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService({ ...database.config, now: () => clock.now });
  fullSale = await sell(service, clock, '2026-11-17T18:00:00.000Z'); // 10:00, paid in full
  await moveClock(service, clock, '2026-11-17T19:00:00.000Z'); // 11:00: the online order
  order = await createTicket(service, 1, 1);
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

describe('the summary of an order paid in part and completed on a later day', () => {
  it('on the day of the part payment: its cash is "Paid toward open orders", not a sale', async () => {
    const part = order.total - LEFT;
    const answer = await payCash(part);
    expect(answer.payment.status).toBe('approved');
    expect(await orderStatus(service, order.orderId)).toBe('AWAITING_PROCESSING');

    const day = (await summary(FIRST, FIRST)).rows[0]!;
    expect(day.sales).toBe(1);
    expect(day.tenders.map((t) => [t.method, t.count, t.amountCents])).toEqual([['Cash', 2, fullSale.total + part]]);
    // The break: the sales came to the full sale alone, the payments hold the order's $29.07 too …
    expect(soldFor(day)).toBe(fullSale.total);
    expect(paid(day) - soldFor(day)).toBe(part);
    // … and the summary names the difference.
    expect([day.paidTowardOpenCents, day.paidEarlierCents]).toEqual([part, 0]);
    reconciles(day);
  });

  it('on the day it is completed: its sale counts, with what was "Paid on earlier days"', async () => {
    await moveClock(service, clock, '2026-11-18T18:30:00.000Z'); // 10:30 the next day
    await payCash(LEFT);
    expect(await orderStatus(service, order.orderId)).toBe('PAID');
    const part = order.total - LEFT;

    const report = await summary(FIRST, SECOND);
    const [first, second] = report.rows;
    // The first day is as it was: the order was not completed on it.
    expect(first).toEqual({ day: FIRST, ...(await summary(FIRST, FIRST)).total });
    expect([first!.sales, first!.paidTowardOpenCents, first!.paidEarlierCents]).toEqual([1, part, 0]);
    expect(second!.sales).toBe(1);
    expect(soldFor(second!)).toBe(order.total);
    expect(second!.tenders.map((t) => [t.method, t.count, t.amountCents])).toEqual([['Cash', 1, LEFT]]);
    expect([second!.paidTowardOpenCents, second!.paidEarlierCents]).toEqual([0, part]);
    for (const figures of [first!, second!, report.total]) reconciles(figures);
    expect(report.total).toMatchObject({ sales: 2, paidTowardOpenCents: part, paidEarlierCents: part });
    expect(soldFor(report.total)).toBe(paid(report.total));

    // Every store of the organization side by side: the same figures, and their total.
    const chain = await get<ChainSummaryReport>(service, `/v2.0/reports/summary?from=${FIRST}&to=${SECOND}`);
    expect(chain.status).toBe(200);
    expect(chain.body.total).toMatchObject({ paidTowardOpenCents: part, paidEarlierCents: part });
  });

  it('reads the same from days kept added up, and adds up again a day kept before these figures', async () => {
    const live = await summary(FIRST, SECOND);
    const db: DataLayer = await openDataLayer(database.config);
    try {
      const writer = new DayTotalsWriter(db, () => new Date('2026-11-19T18:00:00.000Z'));
      expect(await writer.run()).toBe(2);
      const kept = await summary(FIRST, SECOND);
      expect({ ...kept, asOf: '' }).toEqual({ ...live, asOf: '' });
      // A day kept by a version before these figures: read from its sales, then added up again.
      const row = (await db.first(
        db.builder.selectFrom('report_day_totals').select('totals').where('day', '=', FIRST),
      ))!;
      const {
        paidTowardOpenCents: _open,
        paidEarlierCents: _earlier,
        ...older
      } = JSON.parse(row.totals) as object & Record<string, unknown>;
      await db.write((tx) =>
        tx.run(
          sql`UPDATE report_day_totals SET totals = ${JSON.stringify(older)} WHERE day = ${FIRST}`.compile(db.builder),
        ),
      );
      expect({ ...(await summary(FIRST, SECOND)), asOf: '' }).toEqual({ ...live, asOf: '' });
      expect(await writer.run()).toBe(1);
      expect(await writer.run()).toBe(0);
      expect({ ...(await summary(FIRST, SECOND)), asOf: '' }).toEqual({ ...live, asOf: '' });
    } finally {
      await db.close();
    }
  });

  it('the CLI says it in its table and words, and --json has the figures', async () => {
    const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
    const range = ['--dispensary', 'demo', '--from', FIRST, '--to', SECOND];
    const text = await servicepay('reports', 'summary', ...range);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/paid toward open orders\s+paid on earlier days/);
    const part = `$${((order.total - LEFT) / 100).toFixed(2)}`;
    expect(text.stdout).toContain(`${part} was paid toward orders not completed the day it was paid`);
    expect(text.stdout).toContain(`${part} of the sales had been paid on earlier days`);
    const json = await servicepay('--json', 'reports', 'summary', ...range);
    const report = JSON.parse(json.stdout) as SummaryReport;
    expect(report.rows.map((row) => [row.day, row.paidTowardOpenCents, row.paidEarlierCents])).toEqual([
      [FIRST, order.total - LEFT, 0],
      [SECOND, 0, order.total - LEFT],
    ]);
  });
});
