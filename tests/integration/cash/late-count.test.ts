import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawerReport, ShiftList } from '../../../shared/contracts/cash.js';
import { storeStamp } from '../../../shared/store-time.js';
import { login } from '../support/demo-service.js';
import { addStore } from '../setup/support/setup-fixtures.js';
import { OPENED_AT, forwardHarness, paidIn, shift, upsert, type ForwardHarness } from '../registers/forward-support.js';

// The count of a drawer whose shift the store server closed as replaced, not counted (its register's
// machine replaced under the same name, the new machine's drawer opened first): a manager counts it
// afterwards, once; its over/short follows late sales of the old machine. On SQLite and on PostgreSQL.
let h: ForwardHarness;
let manager: string;
let admin: string;

beforeAll(async () => {
  h = await forwardHarness(1_000_000);
  manager = await login(h.service.app, 'manager', 'manager-demo-1');
  admin = await login(h.service.app, 'admin', 'admin-demo-1');
});
afterAll(() => h.close());

/** Counts the drawer of register `terminal`'s shift `id` as `token`, at store `store`. */
const count = (token: string, id: string, body: object, terminal = 'front-1', store = 'demo') =>
  h.service.request({
    method: 'POST',
    url: `/v2.0/dispensary/${store}/drawers/${terminal}/shifts/${id}/count`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

/** A refusal's status and words. */
async function refused(answer: ReturnType<typeof count>) {
  const done = await answer;
  return [done.statusCode, done.json<{ resultDetail: string }>().resultDetail];
}

const row = async (id: string) => {
  const { db } = h.service.app.ctx;
  const found = await db.first(db.builder.selectFrom('cash_shifts').selectAll().where('id', '=', id));
  return found && { ...found, counted_cents: found.counted_cents === null ? null : Number(found.counted_cents) };
};

describe('the count of a drawer shift closed as replaced', () => {
  it('takes a manager’s count once: over/short against what it should hold, no Z number, in the audit trail', async () => {
    // front-1's first machine opened a drawer with $100.00 and paid in $25.00; the new machine opens its own.
    await h.applied('late-a', 0, [
      upsert(1, 'cash_shifts', shift('shift-a')),
      upsert(2, 'cash_movements', paidIn('in-1', 'shift-a', 2500)),
    ]);
    await h.applied('late-b', 0, [upsert(1, 'cash_shifts', shift('shift-b'))]);
    expect(await row('shift-a')).toMatchObject({ status: 'closed', counted_cents: null, expected_cents: 12_500 });

    // Only a manager counts it, with a count of the drawer as the close takes one.
    expect(await refused(count(h.service.token, 'shift-a', { amount: 12_000 }))).toEqual([
      403,
      expect.stringContaining('store:manage'),
    ]);
    expect(await refused(count(manager, 'shift-a', {}))).toEqual([
      400,
      'amount in cents or count (pieces of each bill and coin) is needed, and only one of the two',
    ]);
    expect(await refused(count(manager, 'shift-a', { amount: 12_000, count: { bill100: 1 } }))).toEqual([
      400,
      'amount in cents or count (pieces of each bill and coin) is needed, and only one of the two',
    ]);
    const negative = await count(manager, 'shift-a', { amount: -100 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().resultDetail).toMatch(/^amount /);
    expect((await row('shift-a'))!.counted_cents).toBeNull();

    // $120.00 counted bill by bill: $5.00 short.
    const counted = await count(manager, 'shift-a', { count: { bill100: 1, bill20: 1 } });
    expect(counted.statusCode, counted.body).toBe(200);
    const { report } = counted.json<{ report: DrawerReport }>();
    expect(report).toMatchObject({
      kind: 'Z',
      shift: {
        status: 'closed',
        zNumber: null,
        expected: 12_500,
        counted: 12_000,
        countedCount: { bill100: 1, bill20: 1 },
        overShort: -500,
        closedBy: { name: 'front-1, replaced' },
        countedLate: { by: { name: 'Morgan Manager' } },
      },
      flows: { float: 10_000, paidIn: 2500 },
    });
    const at = report.shift.countedLate!.at;
    // No Z number is taken: the register's numbers stay those of its closes.
    expect(await h.zNumber()).toBeNull();

    // The past shifts and the report read back say it.
    const list = await h.service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/drawers/shifts?status=closed&terminal=front-1',
      headers: { authorization: `Bearer ${manager}` },
    });
    const listed = list.json<ShiftList>().shifts.find((one) => one.id === 'shift-a');
    expect(listed).toMatchObject({
      counted: 12_000,
      overShort: -500,
      countedLate: { by: { name: 'Morgan Manager' }, at },
    });
    const { db } = h.service.app.ctx;
    const audit = await db.all(
      db.builder
        .selectFrom('audit_events')
        .select(['actor_name', 'terminal_id', 'amount_cents', 'reason'])
        .where('action', '=', 'drawer_counted'),
    );
    const opened = `opened by Casey Cashier on ${storeStamp(OPENED_AT, h.timeZone)} with a $100.00 float`;
    expect(audit.map((event) => ({ ...event, amount_cents: Number(event.amount_cents) }))).toEqual([
      {
        actor_name: 'manager',
        terminal_id: 'front-1',
        amount_cents: 12_000,
        reason: `Counted late, the shift closed as replaced (${opened}): counted $120.00, expected $125.00: $5.00 short`,
      },
    ]);

    // A second count is refused, naming the first.
    expect(await refused(count(admin, 'shift-a', { amount: 12_500 }))).toEqual([
      409,
      `the drawer of that shift of register front-1 was counted already, by Morgan Manager on ${storeStamp(at, h.timeZone)} ` +
        '($120.00, $5.00 short): its count is final',
    ]);
    expect(await row('shift-a')).toMatchObject({ counted_cents: 12_000, counted_by_name: 'Morgan Manager' });
  });

  it('after a count, late movements of the old machine add the shift up again: the count kept, its over/short moved', async () => {
    // The old machine, attached again, sends a $10.00 paid-in it made before it died.
    const answer = await h.applied('late-a', 2, [upsert(3, 'cash_movements', paidIn('in-2', 'shift-a', 1000))]);
    expect(answer).toMatchObject({ applied: 1, exceptions: 1 });
    expect(await row('shift-a')).toMatchObject({
      expected_cents: 13_500,
      counted_cents: 12_000,
      over_short_cents: -1500,
      counted_by_name: 'Morgan Manager',
      z_number: null,
    });
    const exceptions = await h.exceptions();
    const opened = `opened by Casey Cashier on ${storeStamp(OPENED_AT, h.timeZone)} with a $100.00 float`;
    expect(exceptions.find((exception) => exception.kind === 'shift_replaced')?.detail).toBe(
      `front-1 sent sales or drawer movements of its drawer shift ${opened}, closed here as replaced and counted ` +
        'late: that drawer should now hold $135.00, not $125.00, so its count of $120.00 (by Morgan Manager) is ' +
        '$15.00 short',
    );
  });

  it('refuses a shift still open, one closed with its count, one of another register or store, in words', async () => {
    expect(await refused(count(manager, 'shift-b', { amount: 10_000 }))).toEqual([
      409,
      'the shift at register front-1 is still open: count its drawer by closing it, which gives its Z report',
    ]);
    await h.applied('late-z', 0, [upsert(1, 'cash_shifts', shift('shift-z', { z: 7, counted: 9000, expected: 9500 }))]);
    expect(await refused(count(manager, 'shift-z', { amount: 9500 }))).toEqual([
      409,
      'that shift of register front-1 was closed with a count of its drawer (Z report 7): only a shift closed as ' +
        'replaced, not counted, takes a count after its close',
    ]);
    expect(await refused(count(manager, 'no-such-shift', { amount: 1 }))).toEqual([
      404,
      'register front-1 of Green Valley Dispensary has no shift no-such-shift',
    ]);
    expect(await refused(count(manager, 'shift-a', { amount: 1 }, 'front-2'))).toEqual([
      404,
      'register front-2 of Green Valley Dispensary has no shift shift-a',
    ]);
    await addStore(h.service.app, 'aurora');
    expect(await refused(count(manager, 'shift-a', { amount: 1 }, 'front-1', 'aurora'))).toEqual([
      404,
      'register front-1 of Store aurora has no shift shift-a',
    ]);
    expect((await row('shift-z'))!.counted_cents).toBe(9000);
  });

  it('keeps one of two counts made at once, and refuses the other naming it', async () => {
    // A third machine opens front-1's drawer: the second one's shift is closed as replaced in its turn.
    await h.applied('late-c', 0, [upsert(1, 'cash_shifts', shift('shift-c'))]);
    expect(await row('shift-b')).toMatchObject({ status: 'closed', counted_cents: null, expected_cents: 10_000 });
    const answers = await Promise.all([
      count(manager, 'shift-b', { amount: 10_000 }),
      count(admin, 'shift-b', { amount: 9_900 }),
    ]);
    const kept = answers.filter((answer) => answer.statusCode === 200);
    const other = answers.filter((answer) => answer.statusCode !== 200);
    expect(kept).toHaveLength(1);
    expect(other.map((answer) => answer.statusCode)).toEqual([409]);
    const winner = kept[0]!.json<{ report: DrawerReport }>().report.shift;
    expect(other[0]!.json().resultDetail).toMatch(
      new RegExp(
        `^the drawer of that shift of register front-1 was counted already, by ${winner.countedLate!.by.name} on `,
      ),
    );
    expect(await row('shift-b')).toMatchObject({
      counted_cents: winner.counted,
      over_short_cents: winner.overShort,
      counted_by_name: winner.countedLate!.by.name,
    });
  });
});
