import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { CountList } from '../../../shared/contracts/inventory-counts.js';
import type { StateAdjustmentView } from '../../../shared/contracts/state-reporting.js';
import { setStock } from '../support/catalog-fixtures.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { STATE_KEYS } from '../state-reporting/state-support.js';
import { storeDay, storeDaysSince } from '../../support/store-days.js';
import { packageStock, refusedWith } from './support/adjustment-fixtures.js';
import {
  BLUE_DREAM,
  BY_THE_GRAM,
  countCalls,
  countOf,
  countRows,
  lineOf,
  PURPLE_PUNCH,
  reportOf,
  sell,
} from './support/count-fixtures.js';

// A count applied: each package compared with its stock at the moment it was counted, so sales
// during the count balance; each difference an adjustment with the count's reason, through the
// adjustments' own write (audit trail, state outbox), all of it or none of it; a manager applies it.
let h: SetupHarness;
let api: ReturnType<typeof countCalls>;
beforeAll(async () => {
  h = await setupHarness();
  api = countCalls(h);
  const state = { baseUrl: 'http://127.0.0.1:9', ...STATE_KEYS, enabled: true };
  ok(await h.call(h.tokens.manager, 'PUT', '/state-reporting', state, 'demo'));
}, 60_000);
afterAll(() => h.close());

/** The package's id and product of a demo tag, with its stock set to `onHand` units (nothing held). */
async function stocked(label: string, onHandMilli: number) {
  const { db } = h.app.ctx;
  const row = (await db.first(
    db.builder.selectFrom('packages').select(['id', 'product_id as productId']).where('label', '=', label),
  ))!;
  await setStock(h.app, row.productId, onHandMilli);
  return { packageId: row.id, productId: row.productId };
}

// The store's days since the file began (on the wall clock: two once its midnight passed), oldest first.
const began = storeDay();
const records = async () => {
  const days = storeDaysSince(began).map((day) =>
    h.call(h.tokens.manager, 'GET', `/state-reporting/records?day=${day}`, undefined, 'demo'),
  );
  return (await Promise.all(days)).flatMap((day) => ok<{ adjustments: StateAdjustmentView[] }>(day).adjustments);
};

describe('a count applied', () => {
  it('balances sales made during the count: each difference is added to the stock on hand now', async () => {
    const blue = await stocked(BLUE_DREAM, 10_000);
    const purple = await stocked(PURPLE_PUNCH, 20_000);
    const gram = await stocked(BY_THE_GRAM, 100_000);
    const count = countOf(await api.start({ name: 'Flower, Monday', categories: ['FLOWER'] }));
    // Blue Dream: 9 on the shelf where the store held 10 (one missing); then 2 are sold.
    expect(lineOf(await api.enter(count.number, { package: BLUE_DREAM, quantity: 9 }))).toMatchObject({
      expected: 10,
      difference: -1,
    });
    await sell(h, blue.productId, 2);
    // Purple Punch: 3 sold before it is counted; counted 18 of the 17 held then (one found).
    await sell(h, purple.productId, 3);
    expect(lineOf(await api.enter(count.number, { package: PURPLE_PUNCH, quantity: 18 }))).toMatchObject({
      expected: 17,
      difference: 1,
    });
    // By the gram: counted as held, no difference, no adjustment.
    lineOf(await api.enter(count.number, { package: BY_THE_GRAM, quantity: 100 }));
    const applied = reportOf(await api.apply(count.number));
    // The manager applied their own: no one else approved it.
    expect(applied.count).toMatchObject({
      status: 'APPLIED',
      closedBy: 'manager',
      approvedBy: 'manager',
      approvedByOther: false,
    });
    // People read who by name: who started, applied and approved it, and who counted each package.
    expect(applied.count).toMatchObject({
      startedByName: 'Morgan Manager',
      closedByName: 'Morgan Manager',
      approvedByName: 'Morgan Manager',
    });
    expect(applied.lines.find((line) => line.packageLabel === BLUE_DREAM)).toMatchObject({
      countedBy: 'cashier',
      countedByName: 'Casey Cashier',
    });
    // On hand = counted − sold after the entry.
    expect((await packageStock(h.app, blue.packageId)).onHand).toBe(9000 - 2000);
    expect((await packageStock(h.app, purple.packageId)).onHand).toBe(18_000);
    expect((await packageStock(h.app, gram.packageId)).onHand).toBe(100_000);
    const lines = new Map(applied.lines.map((line) => [line.packageLabel, line]));
    expect(lines.get(BLUE_DREAM)).toMatchObject({ counted: 9, expected: 10, difference: -1, onHand: 7 });
    expect(lines.get(BLUE_DREAM)!.adjustmentId).not.toBeNull();
    expect(lines.get(BY_THE_GRAM)!.adjustmentId).toBeNull();
    // Packages of the scope not counted are left as they are.
    expect(applied.lines.filter((line) => line.counted === null && line.adjustmentId !== null)).toEqual([]);
    expect(applied.totals).toMatchObject({ counted: 3, withDifference: 2, shortCents: -3500, overCents: 3200 });

    const adjustments = ok<AdjustmentPage>(
      await h.call(h.tokens.manager, 'GET', '/inventory/adjustments?reason=count', undefined, 'demo'),
    ).adjustments;
    expect(
      adjustments.map(({ packageLabel, delta, quantityBefore, quantityAfter, reasonName, note, approvedBy }) => ({
        packageLabel,
        delta,
        quantityBefore,
        quantityAfter,
        reasonName,
        note,
        approvedBy,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          packageLabel: BLUE_DREAM,
          delta: -1,
          quantityBefore: 8,
          quantityAfter: 7,
          reasonName: 'Inventory count',
          note: `Count ${count.number} "Flower, Monday": counted 9, expected 10`,
          approvedBy: 'manager',
        },
        {
          packageLabel: PURPLE_PUNCH,
          delta: 1,
          quantityBefore: 17,
          quantityAfter: 18,
          reasonName: 'Inventory count',
          note: `Count ${count.number} "Flower, Monday": counted 18, expected 17`,
          approvedBy: 'manager',
        },
      ]),
    );
    expect(adjustments).toHaveLength(2);
    // The state's outbox holds each, as Metrc's Inventory Audit.
    const state = (await records()).filter((record) => record.reason === 'Inventory Audit');
    expect(state.map((record) => [record.packageLabel, record.quantity, record.status]).sort()).toEqual([
      [BLUE_DREAM, -1, 'pending'],
      [PURPLE_PUNCH, 1, 'pending'],
    ]);
    const audit = storeDaysSince(began).map((day) =>
      h.request({
        method: 'GET',
        url: `/v2.0/audit?dispensaryShortName=demo&date=${day}`,
        headers: { authorization: `Bearer ${h.tokens.manager}` },
      }),
    );
    const events = (await Promise.all(audit))
      .flatMap((day) => day.json<AuditDay>().events)
      .filter((event) => event.action === 'stock_adjusted');
    expect(events.map((event) => event.reason)).toEqual(
      expect.arrayContaining([expect.stringContaining(`Inventory count: Count ${count.number} "Flower, Monday"`)]),
    );
    // The manager applied it themselves: no one else's approval was needed, and the trail says none.
    const counted = events.filter((event) => event.reason.includes(`Count ${count.number} "Flower, Monday"`));
    expect(counted).toHaveLength(2);
    expect(counted.filter((event) => event.reason.includes('approved by'))).toEqual([]);

    // Applied once: again, or an entry after it, is refused and changes nothing.
    const before = await countRows(h);
    refusedWith(
      await api.apply(count.number),
      409,
      'CONFLICT',
      /was applied by Morgan Manager on .+: it cannot be applied again/,
    );
    refusedWith(
      await api.enter(count.number, { package: BLUE_DREAM, quantity: 1 }),
      409,
      'CONFLICT',
      /was applied by Morgan Manager on .+: it takes no more entries/,
    );
    refusedWith(await api.move(count.number, 'pause'), 409, 'CONFLICT', /was applied/);
    expect(await countRows(h)).toEqual(before);
    expect((await packageStock(h.app, blue.packageId)).onHand).toBe(7000);
  });

  it("takes a manager: a cashier applies it with a manager's PIN only", async () => {
    await stocked(BLUE_DREAM, 10_000);
    const count = countOf(await api.start({ name: 'Blue Dream shelf' }, h.tokens.cashier));
    lineOf(await api.enter(count.number, { package: BLUE_DREAM, quantity: 8 }));
    const before = await countRows(h);
    refusedWith(
      await api.apply(count.number, {}, h.tokens.cashier),
      403,
      'APPROVAL_REQUIRED',
      /^applying a count changes stock: a manager applies it, or approves it with their PIN$/,
    );
    refusedWith(
      await api.apply(count.number, { approval: { username: 'manager', pin: '9999' } }, h.tokens.cashier),
      403,
      'APPROVAL_REQUIRED',
      /that is not Morgan Manager's PIN/,
    );
    expect(await countRows(h)).toEqual(before);
    const applied = reportOf(
      await api.apply(count.number, { approval: { username: 'manager', pin: '2580' } }, h.tokens.cashier),
    );
    expect(applied.count).toMatchObject({
      status: 'APPLIED',
      closedBy: 'cashier',
      approvedBy: 'Morgan Manager',
      approvedByOther: true,
    });
    expect(applied.count).toMatchObject({ startedByName: 'Casey Cashier', closedByName: 'Casey Cashier' });
    // The list says the same of each count, decided by the service from the ids the rows keep.
    const listed = ok<CountList>(await h.call(h.tokens.manager, 'GET', '/inventory/counts', undefined, 'demo'));
    expect(listed.counts.find((entry) => entry.number === count.number)?.approvedByOther).toBe(true);
    expect(listed.counts.filter((entry) => entry.approvedByOther).map((entry) => entry.number)).toEqual([count.number]);
    const [made] = ok<AdjustmentPage>(
      await h.call(h.tokens.manager, 'GET', `/inventory/adjustments?package=${BLUE_DREAM}&limit=1`, undefined, 'demo'),
    ).adjustments;
    expect(made).toMatchObject({
      delta: -2,
      by: 'cashier',
      approvedBy: 'Morgan Manager',
      approvedByOther: true,
      reason: 'count',
    });
    // The cashier's needed the manager's PIN: the trail names them as people know them.
    const days = storeDaysSince(began).map((day) =>
      h.request({
        method: 'GET',
        url: `/v2.0/audit?dispensaryShortName=demo&date=${day}`,
        headers: { authorization: `Bearer ${h.tokens.manager}` },
      }),
    );
    const trail = (await Promise.all(days)).flatMap((day) => day.json<AuditDay>().events);
    const line = trail.find((event) => event.action === 'stock_adjusted' && event.reason.includes(count.name));
    expect(line?.reason).toMatch(/: −2 \(10 → 8\), .+; approved by Morgan Manager$/);
  });
});

describe('a count applied whole or not at all', () => {
  it('keeps nothing when a difference would leave less than nothing now: refused in words', async () => {
    const blue = await stocked(BLUE_DREAM, 10_000);
    const purple = await stocked(PURPLE_PUNCH, 5000);
    const count = countOf(await api.start({ name: 'Short shelf' }));
    lineOf(await api.enter(count.number, { package: BLUE_DREAM, quantity: 12 }));
    lineOf(await api.enter(count.number, { package: PURPLE_PUNCH, quantity: 1 }));
    // Sold since: 4 of Purple Punch, leaving 1 where the count takes 4 off.
    await sell(h, purple.productId, 4);
    const before = await countRows(h);
    refusedWith(
      await api.apply(count.number),
      409,
      'CONFLICT',
      /^Purple Punch \(package 1A4060300003D12000000002\): its difference of −4 would leave less than nothing, 1 is on hand now \(sold since it was counted\): count it again, then apply$/,
    );
    expect(await countRows(h)).toEqual(before);
    expect((await packageStock(h.app, blue.packageId)).onHand).toBe(10_000);
    // Counted again, it applies.
    lineOf(await api.enter(count.number, { package: PURPLE_PUNCH, quantity: 1 }));
    expect(reportOf(await api.apply(count.number)).count.status).toBe('APPLIED');
    expect((await packageStock(h.app, blue.packageId)).onHand).toBe(12_000);
    expect((await packageStock(h.app, purple.packageId)).onHand).toBe(1000);
  });

  for (const table of ['state_adjustments', 'audit_events'] as const) {
    it(`keeps nothing when writing ${table} fails: stock, adjustments, entries and the count stay as they were`, async () => {
      const blue = await stocked(BLUE_DREAM, 10_000);
      const purple = await stocked(PURPLE_PUNCH, 10_000);
      const count = countOf(await api.start({ name: `Failing ${table}` }));
      lineOf(await api.enter(count.number, { package: BLUE_DREAM, quantity: 9 }));
      lineOf(await api.enter(count.number, { package: PURPLE_PUNCH, quantity: 11 }));
      const before = await countRows(h);
      const { db } = h.app.ctx;
      // The table is away for one request: the write that needs it fails, as a full disk would.
      await db.write((tx) => tx.run(sql`ALTER TABLE ${sql.table(table)} RENAME TO away`.compile(db.builder)));
      try {
        const answer = await api.apply(count.number);
        expect(answer.statusCode, answer.body).toBe(500);
      } finally {
        await db.write((tx) => tx.run(sql`ALTER TABLE away RENAME TO ${sql.table(table)}`.compile(db.builder)));
      }
      expect(await countRows(h)).toEqual(before);
      expect((await packageStock(h.app, blue.packageId)).onHand).toBe(10_000);
      expect((await packageStock(h.app, purple.packageId)).onHand).toBe(10_000);
      expect(reportOf(await api.show(count.number)).count.status).toBe('OPEN');
      expect(countOf(await api.move(count.number, 'cancel')).status).toBe('CANCELLED');
    });
  }

  it('refuses a count with nothing counted', async () => {
    const count = countOf(await api.start({ name: 'Empty' }));
    refusedWith(
      await api.apply(count.number),
      409,
      'CONFLICT',
      /has nothing counted yet: enter what is there first, or cancel it/,
    );
    countOf(await api.move(count.number, 'cancel'));
  });
});
