import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay, AuditEvent } from '../../../shared/contracts/audit.js';
import type { StoreSettings } from '../../../shared/contracts/setup.js';
import { auditWhat, auditWho } from '../../../shared/audit-words.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A manager's change of the store's loyalty programme, of the state profile it enforces or of what it
// asks a manager's PIN for is in the audit trail (README "Audit trail"), in words, before → after,
// with who made it; a change of other settings that leaves them as they were records none.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const putStore = async (body: object) =>
  ok<{ store: StoreSettings }>(await h.call(h.tokens.manager, 'PUT', '/store', body, 'demo')).store;

async function events(): Promise<AuditEvent[]> {
  const response = await h.request({
    method: 'GET',
    url: '/v2.0/audit?dispensaryShortName=demo',
    headers: { authorization: `Bearer ${h.tokens.manager}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditDay>().events;
}

const of = (all: AuditEvent[], action: AuditEvent['action']) => all.filter((event) => event.action === action);

describe('a change of store settings in the audit trail', () => {
  it('records a change of the loyalty programme, part by part in words, and who made it', async () => {
    await putStore({ loyalty: { enabled: true, pointsPerDollar: 1, tiers: [] } });
    const before = of(await events(), 'loyalty_changed').length;
    await putStore({
      loyalty: {
        pointsPerDollar: 2,
        tiers: [
          { name: 'Silver', minPoints: 500, bonusPercent: 0 },
          { name: 'Gold', minPoints: 1000, bonusPercent: 0 },
        ],
      },
    });
    const changed = of(await events(), 'loyalty_changed');
    expect(changed).toHaveLength(before + 1);
    const event = changed.at(-1)!;
    expect(event).toMatchObject({
      actor: { kind: 'staff', name: 'manager', role: 'manager' },
      reason: 'points per dollar 1 → 2; tiers none → Silver 500, Gold 1,000',
    });
    expect(`${auditWhat(event)}: ${event.reason}`).toBe(
      'Loyalty programme changed: points per dollar 1 → 2; tiers none → Silver 500, Gold 1,000',
    );
    expect(auditWho(event)).toMatch(/\(Manager\)$/);
  });

  it('records a change of the state profile, by the state’s name, and nothing for a change of other settings', async () => {
    const start = (await putStore({ complianceProfile: null })).complianceProfile;
    expect(start).toBeNull();
    const before = of(await events(), 'state_profile_changed').length;
    await putStore({ complianceProfile: 'us-ca' });
    await putStore({ complianceProfile: 'us-co' });
    const changed = of(await events(), 'state_profile_changed').slice(before);
    expect(changed.map((event) => `${auditWhat(event)}: ${event.reason}`)).toEqual([
      'State profile changed: none → California (us-ca)',
      'State profile changed: California (us-ca) → Colorado (us-co)',
    ]);
    expect(changed[0]!.actor).toMatchObject({ kind: 'staff', name: 'manager', role: 'manager' });
    // Another setting, or the same programme and profile again: neither is recorded again.
    const count = (await events()).length;
    await putStore({ preparationMinutes: 25, complianceProfile: 'us-co', loyalty: { pointsPerDollar: 2 } });
    const after = await events();
    expect(of(after, 'state_profile_changed')).toHaveLength(before + 2);
    expect(after.length - count).toBe(0);
  });

  it('records a change of what the store asks a manager’s PIN for, each policy that moved in words', async () => {
    await putStore({
      manualDiscountPinAbove: 0,
      adjustmentPinAbove: null,
      cash: { blindClose: false, managerApproval: ['paid_out'] },
    });
    const before = of(await events(), 'approval_policy_changed').length;
    await putStore({
      manualDiscountPinAbove: 10,
      adjustmentPinAbove: 5,
      cash: { blindClose: true, managerApproval: ['paid_out', 'no_sale'] },
    });
    await putStore({ manualDiscountPinAbove: null, preparationMinutes: 20 });
    const changed = of(await events(), 'approval_policy_changed').slice(before);
    expect(changed.map((event) => `${auditWhat(event)}: ${event.reason}`)).toEqual([
      'Manager approvals changed: Manual discounts needing a PIN: every one → over 10% of the sale. ' +
        'Inventory adjustments needing a PIN: none → over 5 (units, or grams when weighed). ' +
        'Cash movements needing a PIN: paid out → paid out, drawer opened (no sale). Blind close: off → on.',
      'Manager approvals changed: Manual discounts needing a PIN: over 10% of the sale → none.',
    ]);
    expect(changed[0]!.actor).toMatchObject({ kind: 'staff', name: 'manager', role: 'manager' });
  });
});
