import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SummaryReport, TaxReport } from '../../../shared/contracts/reports.js';
import { nextDay, startOfZonedDay } from '../../../shared/zoned-day.js';
import { cashSale, drawer, loginAt, reportOf, shiftOf } from '../cash/support/drawer-fixtures.js';
import { cents } from '../support/demo-service.js';
import { get, moveClock, DST_WINDOWS, serviceOnClock, STORE_ZONE } from './support/report-sales.js';

// Each run keeps one register's two store days, the second of them Sacramento's 23- or 25-hour day.
const on = serviceOnClock('2026-10-31T17:00:00.000Z');
const clock = on.clock;
const ZONE = STORE_ZONE;
const WINDOWS = DST_WINDOWS;
let run = 0;

type MovementKind = 'paid_in' | 'paid_out' | 'safe_drop';
type Action =
  | { kind: 'sale'; index: number; over: number }
  | { kind: 'refund'; pick: number; part: number }
  | { kind: MovementKind; amount: number };
interface DayPlan {
  float: number;
  actions: Action[];
}

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('sale' as const), index: fc.nat(5), over: fc.nat(2000) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({
    kind: fc.constantFrom<MovementKind>('paid_in', 'paid_out', 'safe_drop'),
    amount: fc.integer({ min: 1, max: 6000 }),
  }),
);
const dayArbitrary: fc.Arbitrary<DayPlan> = fc.record({
  float: fc.integer({ min: 5000, max: 30000 }),
  actions: fc.array(actionArbitrary, { minLength: 1, maxLength: 6 }),
});

type Movements = Record<MovementKind, number>;
const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((total, item) => total + pick(item), 0);

/** One shift of register front-1 on store day `day`: opened at 9:00, an action every 7 minutes, closed. */
async function shiftOn(day: string, plan: DayPlan) {
  let at = startOfZonedDay(day, ZONE).getTime() + 9 * 3_600_000;
  await moveClock(on.service, clock, new Date(at).toISOString());
  const front1 = await loginAt(on.service.app, 'manager', 'manager-demo-1', 'front-1');
  shiftOf(await drawer(on.service, front1, 'front-1', 'open', { amount: plan.float }));
  const sold: { id: string; left: number }[] = [];
  const moved: Movements = { paid_in: 0, paid_out: 0, safe_drop: 0 };
  let refunded = 0;
  let inDrawer = plan.float;
  for (const action of plan.actions) {
    at += 7 * 60_000;
    clock.now = new Date(at);
    if (action.kind === 'sale') {
      const payment = await cashSale(on.service, front1, action.index, action.over);
      sold.push({ id: payment.id, left: payment.originalAmount });
      inDrawer += payment.originalAmount;
    } else if (action.kind === 'refund') {
      const open = sold.filter((one) => one.left > 0);
      const payment = open[action.pick % Math.max(1, open.length)];
      if (!payment || payment.left > inDrawer) continue;
      const amount = Math.max(1, Math.floor((payment.left * action.part) / 100));
      const answer = await on.service.request({
        method: 'POST',
        url: `/v2.0/payments/${payment.id}/refund`,
        headers: { authorization: `Bearer ${front1}` },
        payload: { amount, reason: 'Customer returned it' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      payment.left -= amount;
      refunded += amount;
      inDrawer -= amount;
    } else {
      // A paid-out or safe drop takes no more than the drawer holds.
      const amount = action.kind === 'paid_in' ? action.amount : Math.min(action.amount, inDrawer);
      if (amount === 0) continue;
      const reason = action.kind === 'paid_in' ? 'Change from the bank' : 'Supplies';
      const answer = await drawer(on.service, front1, 'front-1', 'movements', { kind: action.kind, amount, reason });
      expect(answer.statusCode, answer.body).toBe(201);
      moved[action.kind] += amount;
      inDrawer += action.kind === 'paid_in' ? amount : -amount;
    }
  }
  const x = reportOf(await drawer(on.service, front1, 'front-1', 'x-report'));
  const z = reportOf(await drawer(on.service, front1, 'front-1', 'close', { amount: x.shift.expected }));
  return { z, moved, refunded, inDrawer };
}

/** What a store day's summary says against its register's Z report and the orders API. */
async function reconcile(day: string, shift: Awaited<ReturnType<typeof shiftOn>>) {
  const { z, moved, refunded, inDrawer } = shift;
  const flows = z.flows!;
  const sales = z.sales!;
  const { body } = await get<SummaryReport>(on.service, `/v2.0/dispensary/demo/reports/summary?from=${day}&to=${day}`);
  const row = body.rows[0]!;
  expect(row.sales).toBe(sales.sales);
  expect(row.taxes.map((layer) => ({ name: layer.name, amount: layer.amountCents }))).toEqual(sales.taxes);
  expect(row.discountCents).toBe(sales.discounts);
  // What was handed back: returns before their tax, and the tax they handed back (the tax report's).
  const tax = await get<TaxReport>(on.service, `/v2.0/dispensary/demo/reports/tax?from=${day}&to=${day}`);
  expect(row.returnsCents + tax.body.total.refundedCents).toBe(refunded);
  expect(row.tenders.map((t) => [t.method, t.count, t.amountCents, t.refundedCents])).toEqual(
    sales.byMethod.map((m) => [m.method, m.count, m.amount, m.refunded]),
  );
  const cash = row.tenders.find((tender) => tender.method === 'Cash');
  expect(flows.cashTendered - flows.changeGiven).toBe(cash?.amountCents ?? 0);
  expect(flows.cashRefunds).toBe(cash?.refundedCents ?? 0);
  expect({ paid_in: flows.paidIn, paid_out: flows.paidOut, safe_drop: flows.safeDrops }).toEqual(moved);
  expect(z.shift.expected).toBe(inDrawer);
  expect(z.shift.overShort).toBe(0);
  // The orders API: the day's tickets come to what the day's sales took.
  const window = `from=${startOfZonedDay(day, ZONE).toISOString()}&to=${startOfZonedDay(nextDay(day), ZONE).toISOString()}`;
  const page = await on.service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/ecommerce/tickets?limit=50&${window}`,
    headers: on.service.headers,
  });
  expect(page.statusCode, page.body).toBe(200);
  const tickets = page.json<{ tickets: { total: string }[]; nextCursor: string | null }>();
  expect(tickets.nextCursor).toBeNull();
  expect(sum(tickets.tickets, (ticket) => cents(ticket.total))).toBe(
    row.grossCents - row.discountCents + row.taxCents + row.deliveryCents - row.rewardCents,
  );
}

describe('a register’s store days reconcile with its Z reports and the orders API', () => {
  it(
    'sales, refunds and cash movements over two days: each day = its Z report = its tickets',
    { timeout: 180_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(dayArbitrary, { minLength: 2, maxLength: 2 }), async (plans) => {
          const first = WINDOWS[run++ % WINDOWS.length]!;
          const days = [first, nextDay(first)];
          for (const [index, plan] of plans.entries()) {
            await reconcile(days[index]!, await shiftOn(days[index]!, plan));
          }
        }),
        { numRuns: WINDOWS.length, seed: 20261201, endOnFailure: true },
      );
    },
  );
});
