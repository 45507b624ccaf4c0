import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateAdjustmentView } from '../../../shared/contracts/state-reporting.js';
import { StateReporter } from '../../../electron/server/state-reporting/state-reporter.js';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { STATE_KEYS } from '../state-reporting/state-support.js';
import { storeDay, storeDaysSince } from '../../support/store-days.js';
import { adjustmentOf, packageStock, taggedPackages, written } from './support/adjustment-fixtures.js';

// An adjustment reaches the state in Metrc's packages/adjust shape through the outbox written in its
// own transaction; when any part of that transaction fails, nothing of it is kept.
let h: SetupHarness;
let reporter: StateReporter;
const state = new MetrcTestServer(STATE_KEYS);
beforeAll(async () => {
  h = await setupHarness();
  const baseUrl = await state.start();
  reporter = new StateReporter(h.app.ctx.db, { now: () => new Date(), timeoutMs: 2000, maxAttempts: 3 });
  ok(await h.call(h.tokens.manager, 'PUT', '/state-reporting', { baseUrl, ...STATE_KEYS, enabled: true }, 'demo'));
}, 60_000);
afterAll(async () => {
  await state.stop();
  await h.close();
});

const adjust = (payload: object) => h.call(h.tokens.manager, 'POST', '/inventory/adjustments', payload, 'demo');
// The store's days since the file began (on the wall clock: two once its midnight passed), oldest first.
const began = storeDay();
const records = async () => {
  const days = storeDaysSince(began).map((day) =>
    h.call(h.tokens.manager, 'GET', `/state-reporting/records?day=${day}`, undefined, 'demo'),
  );
  return (await Promise.all(days)).flatMap((day) => ok<{ adjustments: StateAdjustmentView[] }>(day).adjustments);
};

describe("an adjustment and the state's outbox", () => {
  it('is written with the adjustment, listed with the day’s records, and sent as Metrc packages/adjust', async () => {
    const [pkg] = await taggedPackages(h.app);
    const made = adjustmentOf(
      await adjust({ package: pkg!.label, delta: -1, reason: 'theft', note: 'Missing at count' }),
    );
    const [record] = await records();
    expect(record).toMatchObject({
      adjustmentId: made.adjustmentId,
      packageLabel: pkg!.label,
      quantity: -1,
      unitOfMeasure: 'Each',
      reason: 'Theft',
      reasonNote: 'Missing at count',
      adjustmentDate: made.storeDay,
      status: 'pending',
    });
    const csv = await h.call(h.tokens.manager, 'GET', '/state-reporting/records.csv', undefined, 'demo');
    expect(csv.body).toContain(`Adjustment: Theft (Missing at count),,${made.storeDay},,,${pkg!.label},-1,Each`);
    expect(await reporter.runDue()).toBeGreaterThanOrEqual(1);
    expect(state.adjustments).toEqual([
      {
        Label: pkg!.label,
        Quantity: -1,
        UnitOfMeasure: 'Each',
        AdjustmentReason: 'Theft',
        AdjustmentDate: made.storeDay,
        ReasonNote: 'Missing at count',
      },
    ]);
    expect(state.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/packages/v2/adjust',
      licenseNumber: STATE_KEYS.licenseNumber,
    });
    expect((await records())[0]).toMatchObject({ status: 'sent', attempts: 1, lastStatusCode: 200 });
  });

  it('is failed at once when the state refuses it, and sent when a manager retries it', async () => {
    const [pkg] = await taggedPackages(h.app);
    const made = adjustmentOf(
      await adjust({ package: pkg!.label, delta: 2, reason: 'entry_error', note: 'Typed 2 short' }),
    );
    state.answers = [400];
    await reporter.runDue();
    const failed = (await records()).find((record) => record.adjustmentId === made.adjustmentId)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 400, nextAttemptAt: null });
    expect(failed.lastResult).toMatch(/HTTP 400: The receipt was refused/);
    const retry = (id: string) =>
      h.call(h.tokens.manager, 'POST', `/state-reporting/adjustments/${id}/retry`, undefined, 'demo');
    expect(ok<{ adjustment: StateAdjustmentView }>(await retry(failed.id)).adjustment).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    await reporter.runDue();
    expect(state.adjustments.at(-1)).toMatchObject({ Label: pkg!.label, Quantity: 2, AdjustmentReason: 'Entry Error' });
    const again = await retry(failed.id);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().resultDetail).toBe('the state adjustment record is already sent: only a failed one is retried');
    expect((await retry('no-such-record')).statusCode).toBe(404);
  });

  for (const table of ['state_adjustments', 'audit_events'] as const) {
    it(`keeps nothing when writing ${table} fails: stock, adjustment, audit and outbox stay as they were`, async () => {
      const [pkg] = await taggedPackages(h.app);
      const stock = await packageStock(h.app, pkg!.packageId);
      const before = await written(h.app);
      const { db } = h.app.ctx;
      // The table is away for one request: the write that needs it fails, as a full disk would.
      await db.write((tx) => tx.run(sql`ALTER TABLE ${sql.table(table)} RENAME TO away`.compile(db.builder)));
      try {
        const answer = await adjust({ package: pkg!.label, delta: -1, reason: 'waste' });
        expect(answer.statusCode, answer.body).toBe(500);
      } finally {
        await db.write((tx) => tx.run(sql`ALTER TABLE away RENAME TO ${sql.table(table)}`.compile(db.builder)));
      }
      expect(await packageStock(h.app, pkg!.packageId)).toEqual(stock);
      expect(await written(h.app)).toEqual(before);
    });
  }
});
