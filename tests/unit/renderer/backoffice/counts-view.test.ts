// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CountView } from '../../../../shared/contracts/inventory-counts.js';
import CountsView from '../../../../renderer/backoffice/components/counts/CountsView.vue';
import { useCountsStore } from '../../../../renderer/backoffice/stores/counts.js';
import { fakeService, signedIn, storeIn, type Answer } from './fake-service.js';

// The Counts tab shown again reads the list again: a count `servicepay` started or applied (another
// process, which the live channel does not hear) shows without a reload of the page.
const COUNTS = '/v2.0/dispensary/demo/setup/inventory/counts';
const applied = (number: number): CountView => ({
  countId: `c${number}`,
  number,
  name: `Count ${number}`,
  note: '',
  categories: ['FLOWER'],
  rooms: [],
  scope: 'FLOWER',
  status: 'APPLIED',
  startedBy: 'manager',
  startedByName: 'Morgan Manager',
  startedAt: '2026-11-30T16:00:00.000Z',
  closedBy: 'manager',
  closedByName: 'Morgan Manager',
  closedAt: '2026-11-30T17:00:00.000Z',
  approvedBy: null,
  approvedByName: null,
  approvedByOther: false,
});
const list = (...views: CountView[]): Answer => ({
  body: { resultCode: 'SUCCESS', resultReason: null, counts: views },
});

beforeEach(() => signedIn(['store:manage', 'inventory:adjust']));
afterEach(() => vi.unstubAllGlobals());

describe('the Counts tab', () => {
  it('reads the counts again each time it is shown', async () => {
    const calls = fakeService({
      'GET /v2.0/dispensary/demo': [storeIn('America/Denver')],
      [`GET ${COUNTS}`]: [list(applied(1)), list(applied(2), applied(1))],
    });
    const first = mount(CountsView);
    await flushPromises();
    expect(useCountsStore().counts.map((count) => count.number)).toEqual([1]);
    first.unmount();

    const again = mount(CountsView);
    await flushPromises();
    expect(useCountsStore().counts.map((count) => count.number)).toEqual([2, 1]);
    expect(calls.filter((call) => call.url.pathname === COUNTS)).toHaveLength(2);
    again.unmount();
  });
});
