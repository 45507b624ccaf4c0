import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import type {
  InventoryValueReport,
  SalesReport,
  SummaryFigures,
  SummaryReport,
  TaxReport,
} from '../../../shared/contracts/reports.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import {
  createTicket,
  DECLINING_CENTS,
  GOOD_CARD,
  orderStatus,
  pay,
  paymentService,
  session,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';
import { get, moveClock, refund, type TestClock } from './support/report-sales.js';

// README "Order statuses": a refund that gives a whole payment back leaves the order UNPAID, to be
// paid again. Order A is paid ($10 cash, the rest by card), its cash refunded in full and paid
// again, all on one store day; order B is paid on the first day, refunded and paid again on the
// second. Each is one sale, counted on the day of the payment that completed it for good, and each
// refund is counted once; the summary's identity holds on every day.
const clock: TestClock = { now: new Date('2026-11-17T18:00:00.000Z') };
const FIRST = '2026-11-17';
const SECOND = '2026-11-18';
const THIRD = '2026-11-19';
let database: TestDatabase;
let service: PaymentHarness;
type Ticket = Awaited<ReturnType<typeof createTicket>>;
let orderA: Ticket;
let orderB: Ticket;
let cashB = 0;

/** Pays `amount` of `ticket` by `method` (Cash at a register, Credit keyed on the virtual terminal). */
async function payPart(ticket: Ticket, amount: number, method: 'Cash' | 'Credit') {
  const manager = service.tokens.manager;
  const channel = method === 'Cash' ? 'pos' : 'virtual_terminal';
  const opened = await session(service, manager, {
    channel,
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: amount,
  });
  const body =
    method === 'Cash'
      ? { paymentMethod: 'Cash', tenderedAmount: amount }
      : { paymentMethod: 'Credit', card: GOOD_CARD };
  const paid = await pay(service, manager, opened.sessionId, body);
  expect(paid.statusCode, paid.body).toBe(201);
  const payment = paid.json<{ payment: { id: string; status: string } }>().payment;
  expect(payment.status).toBe('approved');
  return payment.id;
}

/** $10 cash (or a little more, so the card's part is one the sandbox approves) and the rest by card. */
async function payCashAndCard(ticket: Ticket): Promise<{ cashId: string; cash: number }> {
  let cash = 1000;
  while (DECLINING_CENTS.has((ticket.total - cash) % 100)) cash += 1;
  const cashId = await payPart(ticket, cash, 'Cash');
  await payPart(ticket, ticket.total - cash, 'Credit');
  expect(await orderStatus(service, ticket.orderId)).toBe('PAID');
  return { cashId, cash };
}

const report = async <T>(name: string, query: string) => {
  const { status, body } = await get<T>(service, `/v2.0/dispensary/demo/reports/${name}?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};
const summary = (from: string, to: string, extra = '') =>
  report<SummaryReport>('summary', `from=${from}&to=${to}${extra}`);
const paid = (f: SummaryFigures) => f.tenders.reduce((sum, tender) => sum + tender.amountCents, 0);
const soldFor = (f: SummaryFigures) => f.grossCents - f.discountCents + f.taxCents + f.deliveryCents - f.rewardCents;
const refunded = (f: SummaryFigures) => f.tenders.reduce((sum, tender) => sum + tender.refundedCents, 0);
/**
 * README "Reports": gross − discounts − returns + tax − tax refunded + delivery − rewards + paid toward
 * open − paid earlier = the tenders less their refunds (no return here: no tax refunded).
 */
const reconciles = (f: SummaryFigures) =>
  expect(soldFor(f) - f.returnsCents + f.paidTowardOpenCents - f.paidEarlierCents).toBe(paid(f) - refunded(f));
const cashOf = (f: SummaryFigures) => f.tenders.find((tender) => tender.method === 'Cash')!;

beforeAll(async () => {
  database = await freshDatabase();
  service = await paymentService({ ...database.config, now: () => clock.now });
  await moveClock(service, clock, '2026-11-17T18:00:00.000Z'); // 10:00 on the first day
  orderA = await createTicket(service, 1, 0);
  const a = await payCashAndCard(orderA);
  await refund(service, clock, '2026-11-17T18:30:00.000Z', a.cashId);
  expect(await orderStatus(service, orderA.orderId)).toBe('AWAITING_PROCESSING');
  await moveClock(service, clock, '2026-11-17T19:00:00.000Z');
  await payPart(orderA, a.cash, 'Cash');
  expect(await orderStatus(service, orderA.orderId)).toBe('PAID');

  await moveClock(service, clock, '2026-11-17T20:00:00.000Z'); // 12:00 on the first day
  orderB = await createTicket(service, 1, 1);
  const b = await payCashAndCard(orderB);
  cashB = b.cash;
  await refund(service, clock, '2026-11-18T18:00:00.000Z', b.cashId); // 10:00 the next day
  await moveClock(service, clock, '2026-11-18T19:00:00.000Z');
  await payPart(orderB, b.cash, 'Cash');
  expect(await orderStatus(service, orderB.orderId)).toBe('PAID');
}, 60_000);
afterAll(async () => {
  await service?.close();
  await database?.drop();
});

describe('an order refunded in full and paid again', () => {
  it('is one sale, on the day it was paid for good; what was handed back before is no return', async () => {
    const range = await summary(FIRST, SECOND);
    const [first, second] = range.rows;
    // The first day: order A, sold; order B's payments were toward an order completed (for good) later.
    expect(first!.sales).toBe(1);
    expect(soldFor(first!)).toBe(orderA.total);
    expect(first!.taxCents).toBe(orderA.tax);
    // Order A's $10 cash handed back before it was paid for good paid no sale: no return, in the tenders.
    expect(first!.returnsCents).toBe(0);
    expect(cashOf(first!).refundedCents).toBe(1000);
    expect(first!.paidTowardOpenCents).toBe(orderB.total);
    // The second day: order B, its card paid on the first day, its first cash handed back before.
    expect(second!.sales).toBe(1);
    expect(soldFor(second!)).toBe(orderB.total);
    expect(second!.taxCents).toBe(orderB.tax);
    expect(second!.returnsCents).toBe(0);
    expect(cashOf(second!).refundedCents).toBe(cashB);
    // Its cash paid on the first day toward it, handed back on the second: lowers that day's deposits.
    expect(second!.paidTowardOpenCents).toBe(-cashB);
    expect(second!.paidEarlierCents).toBe(orderB.total - cashB);
    for (const figures of [first!, second!, range.total]) reconciles(figures);
    expect(range.total).toMatchObject({ sales: 2, returnsCents: 0 });
    expect((await report<TaxReport>('tax', `from=${FIRST}&to=${SECOND}`)).total.refundedCents).toBe(0);
    // Each day alone says the same, and so do the refunds counted on their sale's day.
    expect({ day: FIRST, ...(await summary(FIRST, FIRST)).total }).toEqual(first);
    expect({ day: SECOND, ...(await summary(SECOND, SECOND)).total }).toEqual(second);
    const bySaleDay = await summary(FIRST, SECOND, '&returns=by-sale-day');
    expect(bySaleDay.rows.map((row) => row.returnsCents)).toEqual([0, 0]);
  });

  it('counts its lines once in the sales by every grouping and its tax once', async () => {
    const range = await summary(FIRST, SECOND);
    for (const by of ['category', 'product', 'register', 'hour']) {
      const sales = await report<SalesReport>('sales', `from=${FIRST}&to=${SECOND}&by=${by}`);
      expect(sales.total.quantityMilli, by).toBe(2000);
      expect(sales.total.sales, by).toBe(2);
      expect(sales.total.grossCents, by).toBe(range.total.grossCents);
      expect(sales.total.returnsCents, by).toBe(range.total.returnsCents);
    }
    const tax = await report<TaxReport>('tax', `from=${FIRST}&to=${SECOND}`);
    expect(tax.total.taxCents).toBe(orderA.tax + orderB.tax);
  });

  it('reads the same from the days kept added up', async () => {
    const live = await summary(FIRST, SECOND);
    const db: DataLayer = await openDataLayer(database.config);
    try {
      // The three days from the first sale to the day before the writer's clock.
      expect(await new DayTotalsWriter(db, () => new Date('2026-11-20T18:00:00.000Z')).run()).toBe(3);
    } finally {
      await db.close();
    }
    expect({ ...(await summary(FIRST, SECOND)), asOf: '' }).toEqual({ ...live, asOf: '' });
  });
});

describe('inventory value at a past date', () => {
  it('adds back only the units that left the shelf after it, not those held by a paid order', async () => {
    const quantity = async (day: string) =>
      (await report<InventoryValueReport>('inventory-value', `from=${day}&to=${day}`)).total.quantityMilli;
    await moveClock(service, clock, '2026-11-19T18:00:00.000Z'); // the third day
    const before = await quantity(SECOND);
    // Paid on the third day, not picked up: its unit is still on the shelf, held for it.
    const held = await createTicket(service, 1, 2);
    await payCashAndCard(held);
    expect(await quantity(SECOND)).toBe(before);
    expect(await quantity(THIRD)).toBe(before);
    // Handed over on the third day: its unit left the shelf then, so the second day still had it.
    for (const stage of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
      const moved = await service.request({
        method: 'POST',
        url: `/v2.0/dispensary/demo/ecommerce/ticket/${held.orderId}/status`,
        headers: service.headers,
        payload: { status: stage },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    expect(await quantity(SECOND)).toBe(before);
    expect(await quantity(THIRD)).toBe(before - 1000);
  });
});
