import { describe, expect, it } from 'vitest';
import { AdjustmentApprovals, approvedByOther } from '../../../electron/server/inventory/adjustment-approvals.js';
import {
  actorRecord,
  OPERATOR,
  staffActor,
  type SetupActor,
} from '../../../electron/server/dispensaries/setup-actor.js';
import type { Principal } from '../../../electron/server/core/principal.js';
import { ROLE_PERMISSIONS } from '../../../shared/permissions.js';

// Who approved an adjustment, and whether that was someone other than the one who made it, by the
// ids its row keeps: a manager's (or the operator's) own adjustment needs no one else's approval, so
// its audit line, the API's `approvedByOther` and the lists say none.
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
/** Who made it, as the adjustment's row keeps them (`actor_kind`, `actor_id`). */
const maker = (actor: SetupActor) => ({ kind: actor.kind, id: actorRecord(actor).id });

describe('an adjustment approved by the one who made it', () => {
  it("is a manager's own, or the operator's: they approve themselves", async () => {
    const approvals = new AdjustmentApprovals();
    const ownManager = (await approvals.approver(manager, store, {}))!;
    expect(ownManager).toEqual({ id: 'u-manager', name: 'manager' });
    expect(approvedByOther(maker(manager), ownManager.id)).toBe(false);
    const operator = (await approvals.approver(OPERATOR, store, {}))!;
    expect(operator.name).toBe('the operator (servicepay command)');
    expect(approvedByOther(maker(OPERATOR), operator.id)).toBe(false);
  });

  it('is not approved by another when nobody approved it', () => {
    expect(approvedByOther(maker(cashier), null)).toBe(false);
    expect(approvedByOther(maker(OPERATOR), null)).toBe(false);
  });
});

describe('an adjustment approved by someone else', () => {
  it("is a cashier's approved by a manager's PIN, or anyone's approved by another", () => {
    expect(approvedByOther(maker(cashier), 'u-manager')).toBe(true);
    expect(approvedByOther(maker(OPERATOR), 'u-manager')).toBe(true);
    expect(approvedByOther(maker(manager), 'u-other')).toBe(true);
  });

  it('is told from the ids the rows keep, whoever made them', () => {
    // A restock of a return keeps the taker's kind as the audit names it, and their id.
    expect(approvedByOther({ kind: 'staff', id: 'u-manager' }, 'u-manager')).toBe(false);
    expect(approvedByOther({ kind: 'partner', id: 'cert-1' }, 'u-manager')).toBe(true);
    // The operator's row keeps no id: only the operator's own approver is theirs.
    expect(approvedByOther({ kind: 'operator', id: null }, 'operator')).toBe(false);
  });
});
