// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { describe, expect, it } from 'vitest';
import type { CountView } from '../../../../shared/contracts/inventory-counts.js';
import CountSheet from '../../../../renderer/backoffice/components/counts/CountSheet.vue';
import { useCountsStore } from '../../../../renderer/backoffice/stores/counts.js';
import { countView } from './count-fixture.js';
import { signedIn } from './fake-service.js';

// A count applied says who applied it and, where the service says someone else approved it (a
// cashier's applied with a manager's PIN), who did: a manager's or the operator's own says none.
const applied = countView({
  status: 'APPLIED',
  startedBy: 'cashier',
  startedByName: 'Casey Cashier',
  closedBy: 'cashier',
  closedByName: 'Casey Cashier',
  closedAt: '2026-11-30T17:00:00.000Z',
  approvedBy: 'Morgan Manager',
  approvedByName: 'Morgan Manager',
  approvedByOther: true,
});
const totals = { packages: 1, counted: 1, notCounted: 0, withDifference: 0, shortCents: 0, overCents: 0, netCents: 0 };

function sheet(count: CountView): string {
  signedIn(['store:manage']);
  const counts = useCountsStore();
  counts.timeZone = 'America/Denver';
  counts.report = { count, lines: [], totals };
  const mounted = mount(CountSheet, { global: { plugins: [getActivePinia()!] }, shallow: true });
  const said = mounted.get('.count-meta').text().replace(/\s+/g, ' ');
  mounted.unmount();
  return said;
}

describe('a count applied, in the back office', () => {
  it("names the manager whose PIN a cashier's was applied with", () => {
    expect(sheet(applied)).toMatch(/· applied by Casey Cashier, Nov 30, 10:00 AM MST, approved by Morgan Manager$/);
  });

  it("says no approval of a manager's own, whatever names it keeps", () => {
    const own = { ...applied, closedBy: 'manager', closedByName: 'Morgan Manager', approvedByOther: false };
    expect(sheet(own)).toMatch(/· applied by Morgan Manager, [^·]+$/);
    expect(sheet(own)).not.toContain('approved by');
  });
});
