import { describe, expect, it } from 'vitest';
import { AdjustmentApprovals, approvesOwn } from '../../../electron/server/inventory/adjustment-approvals.js';
import { OPERATOR, staffActor } from '../../../electron/server/dispensaries/setup-actor.js';
import type { Principal } from '../../../electron/server/core/principal.js';
import { ROLE_PERMISSIONS } from '../../../shared/permissions.js';

// Who approved an adjustment, and whether that was the one who made it: a manager's (or the
// operator's) own adjustment needs no one else's approval, so its audit line says none.
const person = (subjectId: string, role: 'manager' | 'cashier', name: string): Principal => ({
  kind: 'staff',
  subjectId,
  organizationId: 'o1',
  dispensaryId: null,
  role,
  permissions: new Set(ROLE_PERMISSIONS[role]),
  name,
  employeeRef: null,
  terminalId: null,
});
const manager = staffActor(person('u-manager', 'manager', 'manager'));
const cashier = staffActor(person('u-cashier', 'cashier', 'cashier'));
const store = {} as Parameters<AdjustmentApprovals['approver']>[1];

describe('an adjustment approved by the one who made it', () => {
  it("is a manager's own, or the operator's: they approve themselves", async () => {
    const approvals = new AdjustmentApprovals();
    const ownManager = (await approvals.approver(manager, store, {}))!;
    expect(ownManager).toEqual({ id: 'u-manager', name: 'manager' });
    expect(approvesOwn(manager, ownManager)).toBe(true);
    const operator = (await approvals.approver(OPERATOR, store, {}))!;
    expect(approvesOwn(OPERATOR, operator)).toBe(true);
  });

  it("is not a cashier's approved by a manager's PIN, nor anyone's approved by someone else", () => {
    const approver = { id: 'u-manager', name: 'Morgan Manager' };
    expect(approvesOwn(cashier, approver)).toBe(false);
    expect(approvesOwn(OPERATOR, approver)).toBe(false);
    expect(approvesOwn(manager, { id: 'u-other', name: 'Dana Manager' })).toBe(false);
  });
});
