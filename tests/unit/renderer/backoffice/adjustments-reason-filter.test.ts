// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdjustmentsView from '../../../../renderer/backoffice/components/products/AdjustmentsView.vue';
import { fakeService, signedIn, storeIn, type Answer } from './fake-service.js';

/**
 * The Adjustments list is narrowed by every reason its rows may have: the store's own, and the
 * service's "Returned by customer" (stock a refund by items put back), which nobody picks by hand.
 */
const INVENTORY = '/v2.0/dispensary/demo/setup/inventory';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const REASONS: Answer = {
  body: {
    ...ok,
    profile: null,
    reasons: [{ code: 'damage', name: 'Damaged', stateReason: 'Damage', noteRequired: false }],
    pinAbove: 0,
  },
};
const EMPTY: Answer = { body: { ...ok, adjustments: [], nextCursor: null } };

beforeEach(() => signedIn(['store:manage', 'inventory:adjust']));
afterEach(() => vi.unstubAllGlobals());

describe('the Adjustments reason filter', () => {
  it('offers "Returned by customer" after the store’s reasons, and asks the service for its code', async () => {
    const calls = fakeService({
      'GET /v2.0/dispensary/demo': [storeIn('America/Los_Angeles'), storeIn('America/Los_Angeles')],
      [`GET ${INVENTORY}/reasons`]: [REASONS],
      [`GET ${INVENTORY}/adjustments`]: [EMPTY, EMPTY],
    });
    const view = mount(AdjustmentsView, { global: { plugins: [getActivePinia()!] } });
    await flushPromises();
    const select = view.get('select');
    expect(select.findAll('option').map((option) => option.text())).toEqual([
      'Every reason',
      'Damaged',
      'Returned by customer',
    ]);
    await select.setValue('customer_return');
    await flushPromises();
    const asked = calls.filter((call) => call.url.pathname.endsWith('/adjustments')).map((call) => call.url.search);
    expect(asked.at(-1)).toBe('?reason=customer_return&limit=50');
    view.unmount();
  });
});
