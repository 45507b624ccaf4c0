import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { storeStamp } from '../../../shared/store-time.js';
import { login } from '../support/demo-service.js';
import {
  OPENED_AT,
  forwardHarness,
  paidIn,
  shift,
  stockRecord,
  upsert,
  type ForwardHarness,
} from './forward-support.js';

// A register machine replaced under the same name (enrolled again; the new machine attached with a
// fresh data folder, so a queue of its own), as the server sees the two machines' forwards: each
// queue followed from its own mark, whichever came in between; the new machine's drawer shift
// recorded though the dead machine's is still open here (that one closed as replaced, not counted);
// and the register's Z numbers kept apart. On SQLite and on PostgreSQL.
let h: ForwardHarness;
let manager: string;

beforeAll(async () => {
  h = await forwardHarness(1_000_000);
  manager = await login(h.service.app, 'manager', 'manager-demo-1');
});
afterAll(() => h.close());

const sell = (seq: number) => stockRecord(h.pkg.id, String(seq), '-1000');
const onHand = async () => (await h.stock()).onHandMilli;

const zCounter = (last: number) => ({ dispensary_id: DEMO.dispensaryId, terminal_id: 'front-1', last });

/** A shift at the server, as the reports read it. */
async function shiftHere(id: string) {
  const { db } = h.service.app.ctx;
  const row = await db.first(db.builder.selectFrom('cash_shifts').selectAll().where('id', '=', id));
  return row && { ...row, expected_cents: row.expected_cents === null ? null : Number(row.expected_cents) };
}

const detailsOf = async (kind: string) =>
  (await h.exceptions()).filter((exception) => exception.kind === kind).map((exception) => exception.detail);

describe('the queues of a register whose machine was replaced under the same name', () => {
  it('follows each from its own mark: the earlier machine attached again sends on without changes listed missing', async () => {
    const start = await onHand();
    await h.applied('machine-a', 0, [sell(1), sell(2), sell(3)]);
    // The new machine's fresh folder numbers its queue from 1.
    await h.applied('machine-b', 0, [sell(1), sell(2)]);
    // The earlier machine, repaired and attached again with its folder, sends what waited there.
    expect(await h.applied('machine-a', 3, [sell(4)])).toEqual(expect.objectContaining({ applied: 1, exceptions: 0 }));
    // And the new machine, attached again in its turn, goes on as well.
    expect(await h.applied('machine-b', 2, [sell(3)])).toEqual(expect.objectContaining({ applied: 1, exceptions: 0 }));
    expect(await onHand()).toBe(start - 7000);
    expect(await h.exceptions()).toEqual([]);

    // A queue this server never saw, that let go of changes (the server restored from a backup): listed.
    await h.applied('machine-c', 5, [sell(6)]);
    // A queue seen before that sends again what it had let go of (the machine restored from a backup): listed.
    await h.applied('machine-a', 2, [sell(3)]);
    expect((await h.exceptions()).map((e) => [e.kind, e.seq])).toEqual([
      ['went_back', 2],
      ['changes_missing', 5],
    ]);
    expect(await onHand()).toBe(start - 9000);
  });
});

describe('the drawer shifts of a register whose machine was replaced under the same name', () => {
  it("records the new machine's shift, closing the dead machine's as replaced (not counted), with its cash", async () => {
    await h.applied('drawer-a', 0, [
      upsert(1, 'cash_shifts', shift('shift-a')),
      upsert(2, 'cash_movements', paidIn('in-1', 'shift-a', 2500)),
    ]);
    // The new machine opens its drawer: the dead machine's shift is still open here.
    expect(await h.applied('drawer-b', 0, [upsert(1, 'cash_shifts', shift('shift-b'))])).toEqual(
      expect.objectContaining({ applied: 1, exceptions: 1 }),
    );
    expect(await shiftHere('shift-b')).toMatchObject({ status: 'open' });
    expect(await shiftHere('shift-a')).toMatchObject({
      status: 'closed',
      counted_cents: null,
      over_short_cents: null,
      z_number: null,
      expected_cents: 12_500,
      closed_by_name: 'front-1, replaced (not counted)',
    });
    const opened = `opened by Casey Cashier on ${storeStamp(OPENED_AT, h.timeZone)} with a $100.00 float`;
    expect(await detailsOf('shift_replaced')).toEqual([
      `front-1 opened a drawer while its earlier drawer shift, ${opened}, was still open here (a machine replaced ` +
        'under the same name?): that shift is closed as replaced, not counted, and its drawer should hold $125.00. ' +
        "Count that drawer's cash against it; the new shift is recorded",
    ]);
    expect(await detailsOf('not_applied')).toEqual([]);

    // Its report, as the back office reads it: closed, not counted, with its cash.
    const report = await h.service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/drawers/front-1/shifts/shift-a',
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      report: {
        kind: 'Z',
        shift: { status: 'closed', counted: null, overShort: null, zNumber: null, expected: 12_500 },
        flows: { float: 10_000, paidIn: 2500 },
      },
    });
    // And the audit trail says who closed it and why.
    const { db } = h.service.app.ctx;
    const audit = await db.all(
      db.builder.selectFrom('audit_events').select(['reason', 'terminal_id']).where('action', '=', 'drawer_closed'),
    );
    expect(audit).toEqual([
      {
        terminal_id: 'front-1',
        reason:
          `Closed as replaced, not counted: front-1 opened a drawer while this shift (${opened}) was still open ` +
          'here; it should hold $125.00',
      },
    ]);

    // The dead machine, attached again, sends a movement it made before it died: that shift's cash is added up again.
    expect(await h.applied('drawer-a', 2, [upsert(3, 'cash_movements', paidIn('in-2', 'shift-a', 1000))])).toEqual(
      expect.objectContaining({ applied: 1, exceptions: 1 }),
    );
    expect(await shiftHere('shift-a')).toMatchObject({ status: 'closed', counted_cents: null, expected_cents: 13_500 });
    expect((await detailsOf('shift_replaced'))[0]).toBe(
      `front-1 sent sales or drawer movements of its drawer shift ${opened}, closed here as replaced, not counted: ` +
        'that drawer should now hold $135.00, not $125.00. Count its cash against it',
    );
  });

  it("keeps the register's Z numbers apart: one taken here is given the register's next, and its counter never goes back", async () => {
    // The earlier machine closed its Z report 1 here; the new one, numbering from 1 again, closes its own.
    await h.applied('z-a', 0, [
      upsert(1, 'cash_shifts', shift('shift-z1', { z: 1, counted: 10_000, expected: 10_000 })),
      upsert(2, 'cash_z_counters', zCounter(1)),
    ]);
    expect(
      await h.applied('z-b', 0, [
        upsert(1, 'cash_shifts', shift('shift-z2', { z: 1, counted: 9500, expected: 10_000 })),
        upsert(2, 'cash_z_counters', zCounter(1)),
      ]),
    ).toEqual(expect.objectContaining({ applied: 2, exceptions: 1 }));
    expect(await shiftHere('shift-z2')).toMatchObject({ status: 'closed', z_number: 2, counted_cents: 9500 });
    expect(await shiftHere('shift-z1')).toMatchObject({ z_number: 1 });
    expect(await h.zNumber()).toBe(2);
    expect(await detailsOf('z_renumbered')).toEqual([
      `front-1's Z report 1, of the drawer shift opened by Casey Cashier on ${storeStamp(OPENED_AT, h.timeZone)}, ` +
        'is Z report 2 here: another shift of front-1 had that number (a machine replaced under the same name?)',
    ]);
    expect(await detailsOf('not_applied')).toEqual([]);
  });
});
