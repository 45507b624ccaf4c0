// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdjustStockDialog from '../../../../renderer/backoffice/components/products/AdjustStockDialog.vue';
import { refusalOutdated } from '../../../../renderer/backoffice/logic/adjust-words.js';
import { fakeService, signedIn } from './fake-service.js';
import { product } from './product-fixture.js';

/** The Adjust dialog: a refusal goes once the input it was about is changed; one about another input stays. */
const SETUP = '/v2.0/dispensary/demo/setup';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const ogKush = product({ name: 'OG Kush', sku: 'FLW-004', quantityOnHand: 18 });
const reasons = [{ code: 'damage', name: 'Damaged', stateReason: 'Damage', noteRequired: false }];

afterEach(() => vi.unstubAllGlobals());

async function dialog() {
  signedIn(['store:manage', 'inventory:adjust']);
  fakeService({
    [`GET ${SETUP}/products/p1/packages`]: [{ body: { ...ok, packages: [{ packageId: 'k1', onHand: 18 }] } }],
    [`GET ${SETUP}/inventory/reasons`]: [{ body: { ...ok, reasons, profile: null, pinAbove: null } }],
  });
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  const wrapper = mount(AdjustStockDialog, { props: { product: ogKush }, global: { plugins: [getActivePinia()!] } });
  await flushPromises();
  return wrapper;
}

describe('the Adjust dialog’s refusals', () => {
  it('clears "The count is what … has on hand already." once Remove is chosen', async () => {
    const wrapper = await dialog();
    await wrapper.get('input[value="count"]').setValue(true);
    await wrapper.get('#adjust-amount').setValue('18');
    await wrapper.get('#adjust-reason').setValue('damage');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.text()).toMatch(/The count is what OG Kush .* has on hand already\./);
    await wrapper.get('input[value="remove"]').setValue(true);
    expect(wrapper.text()).not.toContain('has on hand already');
  });

  it('keeps a refusal while other inputs change, and clears it when its own does', async () => {
    const wrapper = await dialog();
    await wrapper.get('#adjust-amount').setValue('1');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    const refusal = () => wrapper.find('#adjust-reason-error');
    expect(refusal().text()).toBe('Choose a reason.');
    await wrapper.get('#adjust-note').setValue('Jar dropped');
    expect(refusal().text()).toBe('Choose a reason.');
    await wrapper.get('#adjust-reason').setValue('damage');
    expect(refusal().exists()).toBe(false);
  });

  it('knows which inputs each refusal is about', () => {
    expect(refusalOutdated('amount', ['mode'])).toBe(true);
    expect(refusalOutdated('amount', ['note'])).toBe(false);
    expect(refusalOutdated('note', ['reason'])).toBe(true);
    expect(refusalOutdated('pin', ['username'])).toBe(true);
    expect(refusalOutdated('', ['amount'])).toBe(false);
  });
});
