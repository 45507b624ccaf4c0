import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { DayTotals } from '../../../electron/server/reports/day-totals.js';
import { DayTotalsWriter } from '../../../electron/server/reports/day-totals-writer.js';
import { ReportRows } from '../../../electron/server/reports/report-rows.js';
import { SUMMED_GROUPINGS } from '../../../electron/server/reports/report-sums.js';
import { salesGroups } from '../../../electron/server/reports/sales-groups.js';
import { salesOf } from '../../../electron/server/reports/sales-of-rows.js';
import { storeDays } from '../../../electron/server/reports/store-days.js';
import { SummedReports } from '../../../electron/server/reports/summed-reports.js';
import { splitRefunds } from '../../../electron/server/reports/refunded-sales.js';
import { addSummaries, summaryRows } from '../../../electron/server/reports/summary-figures.js';
import { MANUAL_DEAL_ID } from '../../../shared/contracts/manual-discounts.js';
import type { DayRange } from '../../../shared/reports/report-range.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

// The reports add their sales up in SQL (report-sums.ts) and share in JavaScript only what SQL
// cannot (an order's tier discount, refunds): the same figures to the cent as adding them up line by
// line (report-rows.ts, sales-of-rows.ts), over demo sales given tier discounts, deals (and a manual
// one), costs, registers, medical customers, refunds (some by items, put back in stock) and orders
// paid over several days (or still open), over a range and over a part of it.
let database: TestDatabase;
let db: DataLayer;

let made: DayRange;
let store: Dispensary;

beforeAll(async () => {
  database = await freshDatabase();
  const servicepay = (...args: string[]) => runServicepay([...args, ...database.args]);
  expect((await servicepay('demo', 'load')).status).toBe(0);
  const run = await servicepay('--json', 'demo', 'sales', '--days', '12', '--per-day', '8');
  expect(run.status, run.stderr).toBe(0);
  made = JSON.parse(run.stdout) as DayRange;
  db = await openDataLayer(database.config);
  store = (await new DispensaryRepository(db).findByShortName('demo'))!;
  const deals = (amount: number) =>
    JSON.stringify([
      { dealId: 'deal-b', name: 'Bundle', amountCents: amount },
      { dealId: MANUAL_DEAL_ID, name: 'By hand', amountCents: 25 },
    ]);
  await db.write(async (tx) => {
    for (const statement of [
      // Every third order a tier discount to share; some lines a deal and a manual discount.
      sql`UPDATE orders SET tier_discount_cents = -137 WHERE id IN
        (SELECT id FROM orders ORDER BY id LIMIT 1000 OFFSET 0) AND length(id) % 3 = 0`,
      sql`UPDATE orders SET tier_discount_cents = -(sub_total_cents / 7) WHERE substr(id, 1, 1) IN ('a', 'b')`,
      sql`UPDATE order_items SET deal_discounts = ${deals(60)}, line_discount_cents = -85 WHERE line_index = 0
        AND substr(order_id, 2, 1) IN ('0', '1', '2', '3', '4', '5', '6')`,
      sql`UPDATE order_items SET deal_discounts = ${deals(40)} WHERE line_index = 1`,
      sql`UPDATE packages SET unit_cost_cents = 345, cost_cents = 345, cost_milli = 1000 WHERE substr(id, 1, 1) IN ('0', '1', '2', '3', '4', '5', '6', '7')`,
      sql`UPDATE payments SET terminal_id = 'register-' || substr(id, 1, 1) WHERE substr(id, 2, 1) IN ('a', 'b', 'c', 'd')`,
      sql`UPDATE orders SET tax_layers = NULL WHERE substr(id, 3, 1) IN ('0', '1')`,
      sql`INSERT INTO payment_refunds (id, payment_id, amount_cents, status, response_code, response_detail, actor, created_at)
        SELECT 'refund-' || id, id, 777, 'approved', '00', '', 'test', completed_at FROM payments
         WHERE closes_sale = 1 AND substr(id, 4, 1) IN ('0', '1', '2', '3')`,
      // Some of them by items: the first line given back, put back in stock (its cost backed out) or not.
      sql`INSERT INTO refund_lines (refund_id, order_item_id, position, quantity_milli, amount_cents, tax_cents, restocked, created_at)
        SELECT r.id, i.id, 0, i.quantity_milli, 777, 0, CASE WHEN substr(p.id, length(p.id), 1) IN ('0', '1', '2') THEN 1 ELSE 0 END,
          r.created_at FROM payment_refunds r JOIN payments p ON p.id = r.payment_id
          JOIN order_items i ON i.order_id = p.order_id AND i.line_index = 1
         WHERE r.id = 'refund-' || p.id AND substr(p.id, length(p.id), 1) IN ('0', '1', '2', '3', '4', '5')`,
    ])
      await tx.run(statement.compile(db.builder));
  });
  await payApart();
}, 120_000);

/**
 * Orders of the range's later days paid in part before their closing payment: an hour, a day or four
 * days (before a part of the range) earlier, or 20 minutes before UTC midnight with the closing
 * payment moved to 10 minutes after (one store day in Sacramento: a split tender); and orders left
 * open (their only payment closing nothing).
 */
async function payApart(): Promise<void> {
  const days = storeDays(made, store.timezone);
  const closing = await db.all(
    db.builder
      .selectFrom('payments')
      .selectAll()
      .where('dispensary_id', '=', store.id)
      .where('closes_sale', '=', 1)
      .where('status', '=', 'approved')
      .where('completed_at', '>=', days.starts[6]!)
      .orderBy('completed_at'),
  );
  const DAY_MS = 86_400_000;
  const before = [3_600_000, DAY_MS, 4 * DAY_MS];
  await db.write(async (tx) => {
    for (const [index, payment] of closing.entries()) {
      if (index % 3 !== 0) continue;
      const turn = (index / 3) % 5;
      if (turn === 4) {
        await tx.run(db.builder.updateTable('payments').set({ closes_sale: 0 }).where('id', '=', payment.id));
        continue;
      }
      const at = Date.parse(payment.completed_at!);
      const midnight = at - (at % DAY_MS);
      const paidAt = turn === 3 ? midnight - 1_200_000 : at - before[turn]!;
      await tx.run(
        db.builder.insertInto('payments').values({
          ...payment,
          id: `apart-${payment.id}`,
          amount_cents: 500 + index,
          charged_cents: 500 + index,
          tip_cents: 0,
          cashback_cents: 0,
          completed_at: new Date(paidAt).toISOString(),
          closes_sale: 0,
        }),
      );
      if (turn === 3) {
        const closedAt = new Date(midnight + 600_000).toISOString();
        await tx.run(db.builder.updateTable('payments').set({ completed_at: closedAt }).where('id', '=', payment.id));
      }
    }
  });
}
afterAll(async () => {
  await db?.close();
  await database?.drop();
});

const rows = () => new ReportRows(db.builder);
const summed = () => new SummedReports(rows(), new DayTotals(db.builder));

/** A statement waits for a lock on report_day_totals: a state that lasts until the lock is let go. */
const LOCK_WAITED = sql<{ count: number }>`SELECT COUNT(*)::int AS count FROM pg_locks l
  JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'report_day_totals' AND NOT l.granted`;

/** Until a statement waits for a lock on report_day_totals, or `work` is done without waiting. */
async function waitingForLock(work: Promise<unknown>): Promise<void> {
  let done = false;
  void work.finally(() => (done = true));
  while (!done && (await db.first(LOCK_WAITED.compile(db.builder)))!.count === 0) {
    await new Promise((go) => setTimeout(go, 20));
  }
}

describe('reports added up in SQL', () => {
  for (const part of ['the whole range', 'a part of it'] as const) {
    const rangeOf = (): DayRange =>
      part === 'the whole range'
        ? made
        : { from: storeDays(made, 'UTC').days[3]!, to: storeDays(made, 'UTC').days[8]! };

    it(`are the sales of ${part}, by every grouping summed in SQL`, async () => {
      const zone = store.timezone;
      const days = storeDays(rangeOf(), zone);
      const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
      const sold = salesOf(await rows().sold(db, store.id, start, end), zone);
      expect(sold.some((sale) => sale.lines.some((line) => line.discountCents % 5 !== 0))).toBe(true);
      const refunds = await rows().refunds(db, [store.id], start, end);
      expect(refunds.length).toBeGreaterThan(0);
      expect(refunds.some((refund) => refund.lines?.some((line) => line.restockedMilli > 0))).toBe(true);
      const ids = [...new Set(refunds.flatMap((refund) => (refund.orderId ? [refund.orderId] : [])))];
      const refunded = new Map(salesOf(await rows().ofOrders(db, ids), zone).map((sale) => [sale.orderId, sale]));
      const names = await rows().staffNames(db, store.organizationId);
      for (const by of SUMMED_GROUPINGS) {
        for (const sort of ['net', 'margin'] as const) {
          const [answer] = await summed().sales(db, [store], days, by, { sort, names });
          expect(answer, `${by} ${sort}`).toEqual(salesGroups(by, sold, refunds, refunded, sort, undefined, names));
        }
      }
    });

    it(`are the summary of ${part}, refunds by their day and by their sale's day`, async () => {
      const zone = store.timezone;
      const days = storeDays(rangeOf(), zone);
      const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
      const sold = salesOf(await rows().sold(db, store.id, start, end), zone);
      const tenders = await rows().tenders(db, store.id, start, end);
      const apart = await rows().apart(db, store.id, start, end);
      for (const bySaleDay of [false, true]) {
        const refunds = await rows().refunds(db, [store.id], start, end, bySaleDay);
        const parts = await splitRefunds(rows(), db, refunds, zone);
        const expected = summaryRows(days.days, zone, sold, refunds, tenders, bySaleDay, apart, parts);
        // Returns are before their tax, the tax refunded and the tips handed back their own figures.
        expect(expected.some((row) => row.returnsTaxCents > 0)).toBe(true);
        for (const refund of refunds) {
          const { returnCents, taxCents, tipCents, openCents, lines } = parts.get(refund)!;
          expect(returnCents + taxCents + tipCents + openCents).toBe(refund.amount);
          if (lines.length > 0) expect(lines.reduce((sum, cents) => sum + cents, 0)).toBe(returnCents);
        }
        expect(expected.some((row) => row.dealDiscounts.length > 0 && row.manualDiscountCents > 0)).toBe(true);
        expect(expected.some((row) => row.paidTowardOpenCents > 0)).toBe(true);
        expect(expected.some((row) => row.paidEarlierCents > 0)).toBe(true);
        const [answer] = await summed().summaries(db, [store], days, bySaleDay);
        expect(answer).toEqual({ rows: expected, total: addSummaries(expected) });
      }
    });
  }

  it('are the summary and the sales from days kept added up, and a change of a kept day is read again', async () => {
    const zone = store.timezone;
    const days = storeDays(made, zone);
    const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
    const expected = async () => {
      const sold = salesOf(await rows().sold(db, store.id, start, end), zone);
      const tenders = await rows().tenders(db, store.id, start, end);
      const refunds = await rows().refunds(db, [store.id], start, end);
      const apart = await rows().apart(db, store.id, start, end);
      const parts = await splitRefunds(rows(), db, refunds, zone);
      return summaryRows(days.days, zone, sold, refunds, tenders, false, apart, parts);
    };
    const same = async () => {
      const want = await expected();
      expect((await summed().summaries(db, [store], days, false))[0]).toEqual({
        rows: want,
        total: addSummaries(want),
      });
    };
    const sameSales = async () => {
      const sold = salesOf(await rows().sold(db, store.id, start, end), zone);
      const refunds = await rows().refunds(db, [store.id], start, end);
      const ids = [...new Set(refunds.flatMap((refund) => (refund.orderId ? [refund.orderId] : [])))];
      const refunded = new Map(salesOf(await rows().ofOrders(db, ids), zone).map((each) => [each.orderId, each]));
      const names = await rows().staffNames(db, store.organizationId);
      for (const by of SUMMED_GROUPINGS) {
        const [answer] = await summed().sales(db, [store], days, by, { sort: 'net', names });
        expect(answer, by).toEqual(salesGroups(by, sold, refunds, refunded, 'net', undefined, names));
      }
    };
    const kept = async () =>
      (await db.all(db.builder.selectFrom('report_day_totals').select('day').where('dispensary_id', '=', store.id)))
        .map((row) => row.day)
        .sort();
    // One moment for the writer and the test: a store midnight between two reads of the clock would
    // close a day for one and not the other.
    const at = new Date();
    const writer = new DayTotalsWriter(db, () => at);
    const added = await writer.run();
    const closed = days.days.filter((day) => day < zonedDate(at, zone));
    expect(added).toBe((await kept()).length);
    expect(await kept()).toEqual(expect.arrayContaining(closed));
    expect(await writer.run()).toBe(0);
    await same();
    await sameSales();

    // A sale of a kept day: its payment's tip, its order's discount, a line's deals changed.
    const [sale] = await db.all(
      db.builder
        .selectFrom('payments')
        .select(['id', 'order_id', 'completed_at'])
        .where('dispensary_id', '=', store.id)
        .where('closes_sale', '=', 1)
        .where('status', '=', 'approved')
        .where('completed_at', '>=', days.starts[1]!)
        .where('completed_at', '<', days.starts[2]!)
        .limit(1),
    );
    const day = days.days[1]!;
    const changes = [
      sql`UPDATE payments SET tip_cents = tip_cents + 300 WHERE id = ${sale!.id}`,
      sql`UPDATE orders SET discount_cents = discount_cents - 250 WHERE id = ${sale!.order_id}`,
      sql`UPDATE order_items SET deal_discounts = ${JSON.stringify([{ dealId: 'deal-late', name: 'Late', amountCents: 250 }])}
        WHERE order_id = ${sale!.order_id}`,
      sql`INSERT INTO payment_refunds (id, payment_id, amount_cents, status, response_code, response_detail, actor, created_at)
        VALUES ('refund-late', ${sale!.id}, 333, 'approved', '00', '', 'test', ${sale!.completed_at})`,
    ];
    for (const change of changes) {
      expect(await kept()).toContain(day);
      expect(await db.write((tx) => tx.run(change.compile(db.builder)))).toBeGreaterThan(0);
      expect(await kept()).not.toContain(day);
      await same();
      expect(await writer.run()).toBe(1);
      await same();
      await sameSales();
    }
    // A change committed while the day is being added up: never lost (PostgreSQL: the writer waits for
    // the table's lock, which the change's trigger holds until it commits).
    await db.write((tx) => tx.run(db.builder.deleteFrom('report_day_totals').where('day', '=', day)));
    let commit!: () => void;
    let changed!: () => void;
    const [held, inside] = [new Promise<void>((go) => (commit = go)), new Promise<void>((go) => (changed = go))];
    const change = db.write(async (tx) => {
      await tx.run(sql`UPDATE payments SET tip_cents = tip_cents + 700 WHERE id = ${sale!.id}`.compile(db.builder));
      changed();
      await held;
    });
    await inside;
    const adding = writer.run();
    if (db.kind === 'postgres') await waitingForLock(adding);
    commit();
    await change;
    expect(await adding).toBe(1);
    await same();
    // A refund days after its sale: a change of the sale's lines changes its shares, so its day is read again too.
    const later = days.days[4]!;
    const refundAt = new Date(Date.parse(days.starts[4]!) + 3_600_000).toISOString();
    await db.write((tx) =>
      tx.run(
        sql`INSERT INTO payment_refunds (id, payment_id, amount_cents, status, response_code, response_detail, actor, created_at)
          VALUES ('refund-later', ${sale!.id}, 444, 'approved', '00', '', 'test', ${refundAt})`.compile(db.builder),
      ),
    );
    expect(await kept()).not.toContain(later);
    expect(await writer.run()).toBe(1);
    await db.write((tx) =>
      tx.run(
        sql`UPDATE order_items SET line_tax_cents = line_tax_cents + 90 WHERE order_id = ${sale!.order_id}`.compile(
          db.builder,
        ),
      ),
    );
    expect(await kept()).not.toContain(later);
    await same();
    await sameSales();
    expect(await writer.run()).toBe(4);
    await sameSales();
    // A store's zone changed: its days kept in the old zone are not read, and are added up again.
    await db.write((tx) =>
      tx.run(db.builder.updateTable('report_day_totals').set({ time_zone: 'Asia/Tokyo' }).where('day', '=', day)),
    );
    await same();
    expect(await writer.run()).toBe(1);
  });
});
