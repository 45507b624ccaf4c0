// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealView } from '../../../../shared/contracts/deals.js';
import DealsView from '../../../../renderer/backoffice/components/deals/DealsView.vue';
import { useDealsStore } from '../../../../renderer/backoffice/stores/deals.js';
import { dealView } from './deal-fixture.js';
import { fakeService, signedIn, type Answer } from './fake-service.js';

/**
 * The Deals tab reads the list again each time it opens, as Orders does: a deal archived or added
 * elsewhere (the CLI, another manager) is not left listed as it was when the tab was last open.
 */
const DEALS = '/v2.0/dispensary/demo/setup/deals';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const list = (deals: DealView[]): Answer => ({ body: { ...ok, deals, count: deals.length } });
const plugins = () => ({ global: { plugins: [getActivePinia()!] } });

beforeEach(() => signedIn(['store:manage']));
afterEach(() => vi.unstubAllGlobals());

describe('the Deals tab opened again', () => {
  it('reads the deals again and lists them as they are now', async () => {
    const spring = dealView({ id: 'd2', name: 'Spring code', trigger: 'code', code: 'SPRING10' });
    const calls = fakeService({ [`GET ${DEALS}`]: [list([dealView(), spring]), list([dealView()])] });
    const deals = useDealsStore();
    // The scope's choices are read once (and not the subject here).
    deals.categories = ['EDIBLE'];
    const first = mount(DealsView, plugins());
    await flushPromises();
    expect(first.text()).toContain('Spring code');
    first.unmount();

    const again = mount(DealsView, plugins());
    await flushPromises();
    expect(calls.filter((call) => call.url.pathname === DEALS)).toHaveLength(2);
    expect(again.text()).toContain('Wednesday edibles');
    expect(again.text()).not.toContain('Spring code');
  });

  it('reads again the status last shown (paused stays paused)', async () => {
    const calls = fakeService({ [`GET ${DEALS}`]: [list([]), list([]), list([])] });
    const deals = useDealsStore();
    deals.categories = ['EDIBLE'];
    mount(DealsView, plugins()).unmount();
    await flushPromises();
    await deals.load('paused');
    mount(DealsView, plugins());
    await flushPromises();
    expect(calls.map((call) => call.url.search)).toEqual(['?status=active', '?status=paused', '?status=paused']);
  });
});
