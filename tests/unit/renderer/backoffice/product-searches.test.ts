// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManifestPackageView } from '../../../../shared/contracts/receiving.js';
import DealProductPicker from '../../../../renderer/backoffice/components/deals/DealProductPicker.vue';
import ProductChooser from '../../../../renderer/backoffice/components/receiving/ProductChooser.vue';
import { draftOf } from '../../../../renderer/backoffice/logic/receipt-draft.js';
import type { NamedProduct } from '../../../../renderer/backoffice/logic/deal-draft.js';
import { useReceivingStore } from '../../../../renderer/backoffice/stores/receiving.js';
import { heldService } from '../held-service.js';
import { signedIn } from './fake-service.js';

/**
 * The two product searches of the back office that keep their answers in the component (a deal's
 * products, the product a delivered package is received as): typed words searched again before the
 * first answer show only the last search's products, whatever order the answers come in.
 */
const ok = { resultCode: 'SUCCESS', resultReason: null };
const page = (...names: string[]) => ({
  body: {
    ...ok,
    products: names.map((name, at) => ({ productId: `${name}-${at}`, name, sku: `SKU-${at}`, deli: false })),
    nextCursor: null,
  },
});
const failure = { status: 503, body: { resultCode: 'FAIL', resultReason: 'UNAVAILABLE', resultDetail: 'Down.' } };
const plugins = () => ({ global: { plugins: [getActivePinia()!] } });

/** Types `words` in the component's search field and presses Enter; answers the field. */
async function search(wrapper: VueWrapper, words: string) {
  const field = wrapper.get<HTMLInputElement>('input[type="search"]');
  await field.setValue(words);
  await field.trigger('keydown', { key: 'Enter' });
  return field;
}

afterEach(() => vi.unstubAllGlobals());

describe('a deal’s product search', () => {
  const picker = () => mount(DealProductPicker, { props: { modelValue: [] as NamedProduct[] }, ...plugins() });

  it('shows the last search’s products when an earlier search answers after it', async () => {
    signedIn(['store:manage']);
    const calls = heldService();
    const wrapper = picker();
    await search(wrapper, 'blue');
    await search(wrapper, 'gummies');
    expect(calls.map((call) => call.url.searchParams.get('search'))).toEqual(['blue', 'gummies']);
    calls[1]!.answer(page('Camino Gummies'));
    await flushPromises();
    calls[0]!.answer(page('Blue Dream'));
    await flushPromises();
    expect(wrapper.get('[aria-label="Products found"]').text()).toContain('Camino Gummies');
    expect(wrapper.text()).not.toContain('Blue Dream');
  });

  it('says nothing of an earlier search refused after the last one answered', async () => {
    signedIn(['store:manage']);
    const calls = heldService();
    const wrapper = picker();
    await search(wrapper, 'blue');
    await search(wrapper, 'zzz');
    calls[1]!.answer(page());
    await flushPromises();
    calls[0]!.answer(failure);
    await flushPromises();
    expect(wrapper.text()).toContain('No product matches. Check the spelling.');
    expect(wrapper.text()).not.toContain('could not be searched');
  });
});

describe('the product a delivered package is received as', () => {
  const pkg: ManifestPackageView = {
    label: 'T1',
    itemName: 'Gummies',
    quantity: 10,
    unit: 'each',
    wholesaleCents: 5600,
    packagedOn: null,
    expiresOn: null,
    strain: null,
    category: null,
    suggestions: [],
    tagInStockAt: null,
  };
  const chooser = () => {
    useReceivingStore().drafts = [draftOf(pkg)];
    return mount(ProductChooser, { props: { pkg, index: 0, invalid: false, describedBy: 'hint' }, ...plugins() });
  };

  it('lists the last search’s products, and none from a search answering after one was chosen', async () => {
    signedIn(['store:manage']);
    const calls = heldService();
    const wrapper = chooser();
    await search(wrapper, 'blue');
    await search(wrapper, 'camino');
    calls[1]!.answer(page('Camino Gummies'));
    await flushPromises();
    calls[0]!.answer(page('Blue Dream'));
    await flushPromises();
    const found = wrapper.get('.receive-found');
    expect(found.text()).toContain('Camino Gummies');
    expect(found.text()).not.toContain('Blue Dream');

    await search(wrapper, 'kiva');
    await found.get('button').trigger('click');
    expect(useReceivingStore().drafts[0]!.productId).toBe('Camino Gummies-0');
    calls[2]!.answer(page('Kiva Bar'));
    await flushPromises();
    expect(wrapper.find('.receive-found').exists()).toBe(false);
    expect(wrapper.text()).not.toContain('Kiva Bar');
  });

  it('says which words found nothing: the ones searched, not the ones typed since', async () => {
    signedIn(['store:manage']);
    const calls = heldService();
    const wrapper = chooser();
    const field = await search(wrapper, 'zzz');
    await field.setValue('zzz top');
    calls[0]!.answer(page());
    await flushPromises();
    expect(wrapper.get('.receive-found-none').text()).toBe('No product of the store matches “zzz”.');
  });
});
