import { describe, expect, it } from 'vitest';
import { toCountView } from '../../../electron/server/inventory/count-words.js';
import type { CountRow } from '../../../electron/server/inventory/counts-repository.js';

// Whether someone else approved applying a count, as the API answers it: decided from the ids its
// row keeps (who applied it, who approved it), by the adjustments' own rule, so a row written before
// the field existed answers the same.
const open: CountRow = {
  id: 'c-1',
  dispensary_id: 'd-1',
  number: 3,
  name: 'Vault, Monday',
  note: '',
  scope: '{}',
  status: 'OPEN',
  started_by_id: 'u-cashier',
  started_by_name: 'cashier',
  started_at: '2026-11-30T16:00:00.000Z',
  closed_by_id: null,
  closed_by_name: null,
  approved_by_id: null,
  approved_by_name: null,
  closed_at: null,
};
const names = new Map([
  ['u-cashier', 'Casey Cashier'],
  ['u-manager', 'Morgan Manager'],
]);
const closed = (by: { id: string | null; name: string }, approver: { id: string; name: string } | null) => ({
  ...open,
  status: approver ? ('APPLIED' as const) : ('CANCELLED' as const),
  closed_by_id: by.id,
  closed_by_name: by.name,
  approved_by_id: approver?.id ?? null,
  approved_by_name: approver?.name ?? null,
  closed_at: '2026-11-30T17:00:00.000Z',
});
const cashier = { id: 'u-cashier', name: 'cashier' };
const manager = { id: 'u-manager', name: 'manager' };
const operator = { id: null, name: 'operator' };

describe('a count approved by someone else', () => {
  it("is a cashier's applied with a manager's PIN", () => {
    const view = toCountView(closed(cashier, { id: 'u-manager', name: 'Morgan Manager' }), names);
    expect(view).toMatchObject({
      closedBy: 'cashier',
      closedByName: 'Casey Cashier',
      approvedBy: 'Morgan Manager',
      approvedByName: 'Morgan Manager',
      approvedByOther: true,
    });
  });

  it("is not a manager's own, nor the operator's, whatever names the row keeps", () => {
    const own = toCountView(closed(manager, manager), names);
    expect(own).toMatchObject({ approvedBy: 'manager', approvedByName: 'Morgan Manager', approvedByOther: false });
    const command = toCountView(closed(operator, { id: 'operator', name: 'the operator (servicepay command)' }), names);
    expect(command).toMatchObject({ closedBy: 'operator', approvedByOther: false });
  });

  it('is not one nobody approved: open, or cancelled', () => {
    expect(toCountView(open, names).approvedByOther).toBe(false);
    expect(toCountView(closed(cashier, null), names).approvedByOther).toBe(false);
  });
});
