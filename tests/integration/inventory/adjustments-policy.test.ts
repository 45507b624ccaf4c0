import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { AdjustmentPage } from '../../../shared/contracts/inventory.js';
import type { StoreSettings } from '../../../shared/contracts/setup.js';
import { storeDay, storeDaysSince } from '../../support/store-days.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { adjustmentOf, packageStock, refusedWith, taggedPackages, written } from './support/adjustment-fixtures.js';

// The store's policy: adjustments above a size need a manager's PIN. A cashier gives one; a manager
// approves their own (approved by no other, `approvedByOther` false); a missing or wrong PIN is
// refused and nothing is kept.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());
// The store's days since the file began (two once its midnight passed), for the audit trail.
const began = storeDay();

const adjust = (token: string, payload: object) => h.call(token, 'POST', '/inventory/adjustments', payload, 'demo');

describe("adjustments needing a manager's PIN", () => {
  it('is a store setting: every adjustment by default, then above a size, refused in words when wrong', async () => {
    const before = await h.call(h.tokens.manager, 'GET', '/store', undefined, 'demo');
    expect(ok<{ store: StoreSettings }>(before).store.adjustmentPinAbove).toBe(0);
    const set = await h.call(h.tokens.manager, 'PUT', '/store', { adjustmentPinAbove: 2 }, 'demo');
    expect(ok<{ store: StoreSettings }>(set).store.adjustmentPinAbove).toBe(2);
    refusedWith(
      await h.call(h.tokens.manager, 'PUT', '/store', { adjustmentPinAbove: 0.0001 }, 'demo'),
      400,
      'INVALID_INPUT',
      /adjustmentPinAbove must be a quantity of at most three decimals/,
    );
  });

  it("lets a cashier make a small one alone, and a larger one only with a manager's right PIN", async () => {
    const [pkg] = await taggedPackages(h.app, 10_000);
    const stock = await packageStock(h.app, pkg!.packageId);
    const small = adjustmentOf(await adjust(h.tokens.cashier, { package: pkg!.label, delta: -2, reason: 'waste' }));
    expect(small).toMatchObject({ by: 'cashier', approvedBy: null, approvedByOther: false });
    const before = await written(h.app);
    const large = { package: pkg!.label, delta: -3, reason: 'waste' };
    refusedWith(
      await adjust(h.tokens.cashier, large),
      403,
      'APPROVAL_REQUIRED',
      /the store asks for a manager's PIN for an adjustment of more than 2/,
    );
    refusedWith(
      await adjust(h.tokens.cashier, { ...large, approval: { username: 'manager', pin: '9999' } }),
      403,
      'APPROVAL_REQUIRED',
      /that is not Morgan Manager's PIN/,
    );
    refusedWith(
      await adjust(h.tokens.cashier, { ...large, approval: { username: 'cashier', pin: '2580' } }),
      403,
      'APPROVAL_REQUIRED',
      /^Casey Cashier is not a manager: ask a manager to enter their PIN$/,
    );
    expect(await written(h.app)).toEqual(before);
    expect((await packageStock(h.app, pkg!.packageId)).onHand).toBe(stock.onHand - 2000);
    const approved = adjustmentOf(
      await adjust(h.tokens.cashier, { ...large, approval: { username: 'manager', pin: '2580' } }),
    );
    expect(approved).toMatchObject({ by: 'cashier', approvedBy: 'Morgan Manager', approvedByOther: true, delta: -3 });
    // A manager approves their own.
    const own = adjustmentOf(
      await adjust(h.tokens.manager, { package: pkg!.label, delta: 4, reason: 'entry_error', note: 'Typed 4 short' }),
    );
    expect(own).toMatchObject({ by: 'manager', approvedBy: 'manager', approvedByOther: false });
    // The list says the same of each, decided by the service from the ids the rows keep.
    const listed = await h.call(
      h.tokens.manager,
      'GET',
      `/inventory/adjustments?package=${pkg!.packageId}`,
      undefined,
      'demo',
    );
    expect(
      ok<AdjustmentPage>(listed).adjustments.map(({ adjustmentId, approvedByOther }) => ({
        adjustmentId,
        approvedByOther,
      })),
    ).toEqual([
      { adjustmentId: own.adjustmentId, approvedByOther: false },
      { adjustmentId: approved.adjustmentId, approvedByOther: true },
      { adjustmentId: small.adjustmentId, approvedByOther: false },
    ]);
    // The audit trail names the manager who approved the cashier's; the manager's own needed no one's.
    const trail = await Promise.all(
      storeDaysSince(began).map((day) =>
        h.request({
          method: 'GET',
          url: `/v2.0/audit?dispensaryShortName=demo&date=${day}`,
          headers: { authorization: `Bearer ${h.tokens.manager}` },
        }),
      ),
    );
    const lines = trail
      .flatMap((day) => day.json<AuditDay>().events)
      .filter((event) => event.action === 'stock_adjusted' && event.reason.includes(pkg!.label))
      .map((event) => event.reason.slice(event.reason.indexOf(': ') + 2));
    expect(lines).toEqual(
      expect.arrayContaining([
        `−3 (${stock.onHand / 1000 - 2} → ${stock.onHand / 1000 - 5}), Waste (destroyed or unsellable); approved by Morgan Manager`,
        `+4 (${stock.onHand / 1000 - 5} → ${stock.onHand / 1000 - 1}), Entry error (a quantity typed wrong): Typed 4 short`,
      ]),
    );
  });

  it('asks for a PIN for every adjustment at 0, and for none once turned off', async () => {
    const [pkg] = await taggedPackages(h.app);
    ok(await h.call(h.tokens.manager, 'PUT', '/store', { adjustmentPinAbove: 0 }, 'demo'));
    refusedWith(
      await adjust(h.tokens.cashier, { package: pkg!.label, delta: 1, reason: 'count' }),
      403,
      'APPROVAL_REQUIRED',
      /for every adjustment/,
    );
    ok(await h.call(h.tokens.manager, 'PUT', '/store', { adjustmentPinAbove: null }, 'demo'));
    adjustmentOf(await adjust(h.tokens.cashier, { package: pkg!.label, delta: 1, reason: 'count' }));
  });
});
