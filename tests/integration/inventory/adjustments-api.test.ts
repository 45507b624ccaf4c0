import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { AdjustmentPage, AdjustmentReasons } from '../../../shared/contracts/inventory.js';
import { openStream } from '../support/live-stream.js';
import { addStore, ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import {
  adjustmentOf,
  otherStorePackage,
  packageStock,
  refusedWith,
  taggedPackages,
  written,
} from './support/adjustment-fixtures.js';

// A store's staff adjust a package's stock over the set-up API: with a change or a count, a reason
// and a note; the audit trail, the list and the POS's live channel see it; open orders keep their
// claims; every refusal is in words and keeps nothing.
let h: SetupHarness;
let baseUrl: string;
beforeAll(async () => {
  h = await setupHarness();
  baseUrl = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

const adjust = (payload: unknown, token = h.tokens.manager) =>
  h.call(token, 'POST', '/inventory/adjustments', payload, 'demo');
const list = async (query = '') =>
  ok<AdjustmentPage>(await h.call(h.tokens.manager, 'GET', `/inventory/adjustments${query}`, undefined, 'demo'));

describe('inventory adjustments over the set-up API', () => {
  it("lists the store's reasons: the default list without a state profile, the state's with one", async () => {
    const plain = ok<AdjustmentReasons>(await h.call(h.tokens.cashier, 'GET', '/inventory/reasons', undefined, 'demo'));
    expect(plain.profile).toBeNull();
    expect(plain.pinAbove).toBe(0);
    expect(plain.reasons.map((reason) => reason.code)).toEqual([
      'waste',
      'damage',
      'theft',
      'entry_error',
      'scale_variance',
      'drying',
      'count',
    ]);
    expect(plain.reasons[1]).toEqual({ code: 'damage', name: 'Damaged', stateReason: 'Damage', noteRequired: false });
    await addStore(h.app, 'boulder');
    ok(await h.call(h.tokens.admin, 'PUT', '/store', { complianceProfile: 'us-co' }, 'boulder'));
    const colorado = ok<AdjustmentReasons>(
      await h.call(h.tokens.admin, 'GET', '/inventory/reasons', undefined, 'boulder'),
    );
    expect(colorado.profile).toBe('us-co');
    expect(colorado.reasons.map((reason) => reason.stateReason)).toContain('Mandatory State Destruction');
  });

  it('takes a change off a package by its state tag, keeps it, and tells the POS', async () => {
    const [pkg] = await taggedPackages(h.app);
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=catalog', h.token);
    const made = adjustmentOf(await adjust({ package: pkg!.label, delta: -2, reason: 'damage', note: 'Jar dropped' }));
    expect(made).toMatchObject({
      packageId: pkg!.packageId,
      packageLabel: pkg!.label,
      productId: pkg!.id,
      productName: pkg!.name,
      delta: -2,
      quantityBefore: pkg!.onHandMilli / 1000,
      quantityAfter: pkg!.onHandMilli / 1000 - 2,
      reason: 'damage',
      reasonName: 'Damaged',
      note: 'Jar dropped',
      by: 'manager',
      // Every store asks for a manager's PIN to begin with: a manager approves their own.
      approvedBy: 'manager',
    });
    expect((await packageStock(h.app, pkg!.packageId)).onHand).toBe(pkg!.onHandMilli - 2000);
    const frame = await stream.waitForEvent('catalog.changed');
    expect(frame).toEqual({ event: 'catalog.changed', data: JSON.stringify({ productIds: [pkg!.id] }) });
    await stream.close();
    expect((await list()).adjustments[0]).toEqual(made);
    const day = await h.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    const event = day.json<AuditDay>().events.find((entry) => entry.action === 'stock_adjusted')!;
    expect(event.actor.name).toBe('manager');
    const before = pkg!.onHandMilli / 1000;
    // The manager made it: it needed no one's approval, and the trail says none.
    expect(event.reason).toBe(
      `${pkg!.name} (${made.sku}), package ${pkg!.label}: −2 (${before} → ${before - 2}), Damaged: Jar dropped`,
    );
  });

  it('sets a counted quantity by the package id, and keeps the open orders’ claims', async () => {
    const [, pkg] = await taggedPackages(h.app);
    const ticket = await h.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: h.headers,
      payload: { type: 'PICKUP', items: [{ productId: pkg!.id, quantity: 3 }] },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const before = await packageStock(h.app, pkg!.packageId);
    const made = adjustmentOf(await adjust({ package: pkg!.packageId, quantity: 1, reason: 'count' }));
    expect(made).toMatchObject({ quantityBefore: before.onHand / 1000, quantityAfter: 1, reason: 'count' });
    expect(made.delta).toBe(1 - before.onHand / 1000);
    // Three units are claimed by the order: one is on hand and reserved, two are short.
    expect(await packageStock(h.app, pkg!.packageId)).toEqual({ onHand: 1000, reserved: 1000, short: 2000 });
    // A count back up covers the claims again.
    adjustmentOf(await adjust({ package: pkg!.packageId, quantity: 10, reason: 'count' }));
    expect(await packageStock(h.app, pkg!.packageId)).toEqual({ onHand: 10_000, reserved: 3000, short: 0 });
  });

  it('lists newest first, filtered by product, package, reason and store days, a page at a time', async () => {
    const [, , pkg] = await taggedPackages(h.app);
    for (const delta of [1, -1, 2])
      adjustmentOf(await adjust({ package: pkg!.label, delta, reason: 'scale_variance' }));
    const byPackage = await list(`?package=${pkg!.label}`);
    expect(byPackage.adjustments.map((entry) => entry.delta)).toEqual([2, -1, 1]);
    expect((await list(`?product=${pkg!.id}&reason=scale_variance`)).adjustments).toHaveLength(3);
    const first = await list(`?package=${pkg!.packageId}&limit=2`);
    expect(first.adjustments.map((entry) => entry.delta)).toEqual([2, -1]);
    const second = await list(`?package=${pkg!.packageId}&limit=2&cursor=${first.nextCursor}`);
    expect(second.adjustments.map((entry) => entry.delta)).toEqual([1]);
    expect(second.nextCursor).toBeNull();
    // The package named by its tag is the same list; another filter is another list, which the cursor does not page.
    const byTag = await list(`?package=${pkg!.label}&limit=2&cursor=${first.nextCursor}`);
    expect(byTag.adjustments.map((entry) => entry.delta)).toEqual([1]);
    refusedWith(
      await h.call(
        h.tokens.manager,
        'GET',
        `/inventory/adjustments?package=${pkg!.packageId}&reason=scale_variance&cursor=${first.nextCursor}`,
        undefined,
        'demo',
      ),
      400,
      'INVALID_INPUT',
      /^cursor belongs to a list with other filters: start again from the first page$/,
    );
    const today = byPackage.adjustments[0]!.storeDay;
    expect((await list(`?package=${pkg!.label}&from=${today}&to=${today}`)).adjustments).toHaveLength(3);
    expect((await list(`?package=${pkg!.label}&to=2020-01-01`)).adjustments).toHaveLength(0);
    refusedWith(
      await h.call(h.tokens.manager, 'GET', '/inventory/adjustments?from=2026-02-30', undefined, 'demo'),
      400,
      'INVALID_INPUT',
      /from must be a real date/,
    );
    // A reason the store has not is refused in words, never answered with an empty list a manager reads as
    // "none": the words the list shows ("Damaged") are not a reason's code, nor is a typo.
    for (const asked of ['damaged', 'lost']) {
      refusedWith(
        await h.call(h.tokens.manager, 'GET', `/inventory/adjustments?reason=${asked}`, undefined, 'demo'),
        400,
        'INVALID_INPUT',
        new RegExp(
          `^reason is not a reason of Green Valley Dispensary: "${asked}" ` +
            '\\(waste, damage, theft, entry_error, scale_variance, drying, count, customer_return\\)$',
        ),
      );
    }
    // The service's own reason and the state's name for one are found, as an adjustment takes them.
    expect((await list('?reason=customer_return')).adjustments).toEqual([]);
    expect((await list('?reason=Scale%20Variance')).adjustments.length).toBeGreaterThanOrEqual(3);
  });

  it('still lists by a reason the store’s list no longer names, once its adjustments have it', async () => {
    const [pkg] = await taggedPackages(h.app);
    ok(await h.call(h.tokens.admin, 'PUT', '/store', { complianceProfile: 'us-ca' }, 'demo'));
    try {
      adjustmentOf(await adjust({ package: pkg!.label, delta: -1, reason: 'contamination', note: 'Mould found' }));
    } finally {
      ok(await h.call(h.tokens.admin, 'PUT', '/store', { complianceProfile: null }, 'demo'));
    }
    const retired = await list('?reason=contamination');
    expect(retired.adjustments.map((entry) => [entry.reason, entry.note])).toEqual([['contamination', 'Mould found']]);
  });
});

describe('a refused adjustment keeps nothing', () => {
  it('refuses bad input in words: stock, adjustments, audit trail and outbox untouched', async () => {
    const [pkg] = await taggedPackages(h.app);
    const elsewhere = await otherStorePackage(h, 'aurora', '1A4060300002EE1000000777');
    const stockBefore = await packageStock(h.app, pkg!.packageId);
    const before = await written(h.app);
    const cases: [unknown, number, string, RegExp][] = [
      [{ package: pkg!.label, delta: 'two', reason: 'waste' }, 400, 'INVALID_INPUT', /delta/],
      [{ package: pkg!.label, delta: 0, reason: 'waste' }, 400, 'INVALID_INPUT', /delta must not be zero/],
      [{ package: pkg!.label, reason: 'waste' }, 400, 'INVALID_INPUT', /delta or quantity must be given/],
      [{ package: pkg!.label, delta: -1, quantity: 3, reason: 'waste' }, 400, 'INVALID_INPUT', /one of them/],
      [{ package: pkg!.label, delta: 0.5, reason: 'waste' }, 400, 'INVALID_INPUT', /whole units/],
      [{ package: pkg!.label, delta: 1.0005, reason: 'waste' }, 400, 'INVALID_INPUT', /three decimals/],
      [
        { package: pkg!.label, delta: -(stockBefore.onHand / 1000 + 1), reason: 'waste' },
        400,
        'INVALID_INPUT',
        /would leave less than nothing/,
      ],
      [
        { package: pkg!.label, quantity: stockBefore.onHand / 1000, reason: 'count' },
        400,
        'INVALID_INPUT',
        /quantity is what .* has on hand already/,
      ],
      [
        { package: pkg!.label, delta: -1, reason: 'lost-in-mail' },
        400,
        'INVALID_INPUT',
        /reason is not a reason of Green Valley Dispensary/,
      ],
      [{ package: pkg!.label, delta: -1, reason: 'theft' }, 400, 'INVALID_INPUT', /note is needed for "Theft or loss"/],
      [
        { package: '1A4060300003D12000999999', delta: -1, reason: 'waste' },
        404,
        'NOT_FOUND',
        /no package of Green Valley Dispensary/,
      ],
      [
        { package: elsewhere.packageId, delta: -1, reason: 'waste' },
        404,
        'NOT_FOUND',
        /is Store aurora's, not Green Valley Dispensary's/,
      ],
      [
        { package: elsewhere.label, delta: -1, reason: 'waste' },
        404,
        'NOT_FOUND',
        /is Store aurora's, not Green Valley Dispensary's/,
      ],
    ];
    for (const [payload, status, reason, words] of cases) {
      refusedWith(await adjust(payload), status, reason, words);
    }
    expect(await packageStock(h.app, pkg!.packageId)).toEqual(stockBefore);
    expect(await written(h.app)).toEqual(before);
  });

  it('is refused to a role without inventory:adjust, and at another store of the login', async () => {
    const [pkg] = await taggedPackages(h.app);
    const before = await written(h.app);
    const display = await h.request({
      method: 'POST',
      url: '/v2.0/dispensary/aurora/setup/inventory/adjustments',
      headers: { authorization: `Bearer ${h.tokens.cashier}` },
      payload: { package: pkg!.label, delta: -1, reason: 'waste' },
    });
    expect([403, 404]).toContain(display.statusCode);
    expect(await written(h.app)).toEqual(before);
  });
});
