// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductForm from '../../../../renderer/backoffice/components/products/ProductForm.vue';
import { useProductsStore } from '../../../../renderer/backoffice/stores/products.js';
import { fakeService, refused, signedIn } from './fake-service.js';
import { product } from './product-fixture.js';

/**
 * The product form's messages: what the last save said ("Saved Blue Dream.") is not left on the
 * screen beside the refusal of the next save, whether the form or the service refuses it.
 */
const SETUP = '/v2.0/dispensary/demo/setup';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const blueDream = product();
const saved = { ...blueDream, priceCents: 3600, updatedAt: '2026-12-05T12:00:00.000Z' };

afterEach(() => vi.unstubAllGlobals());

/** The form open on Blue Dream, after a save that said "Saved Blue Dream.". */
async function savedOnce(then: Record<string, { status?: number; body: unknown }[]>) {
  signedIn(['store:manage']);
  fakeService({
    [`GET ${SETUP}/tax-classes`]: [{ body: { ...ok, taxClasses: [] } }],
    [`GET ${SETUP}/product-tags`]: [{ body: { ...ok, tags: [] } }],
    [`GET ${SETUP}/products/p1`]: [{ body: { ...ok, product: blueDream } }],
    [`PATCH ${SETUP}/products/p1`]: [
      { body: { ...ok, product: saved } },
      ...(then[`PATCH ${SETUP}/products/p1`] ?? []),
    ],
  });
  const products = useProductsStore();
  await products.open(blueDream);
  const wrapper = mount(ProductForm, { props: { product: blueDream }, global: { plugins: [getActivePinia()!] } });
  await flushPromises();
  await wrapper.get('#product-price').setValue('36.00');
  await wrapper.get('form').trigger('submit');
  await flushPromises();
  expect(products.message).toBe('Saved Blue Dream.');
  return { products, wrapper };
}

describe('the product form’s messages', () => {
  it('clears "Saved …" when the next save is refused by the form', async () => {
    const { products, wrapper } = await savedOnce({});
    await wrapper.get('#product-price').setValue('-1');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.text()).toContain('Price must be $0.00 or more.');
    expect(products.message).toBe('');
  });

  it('clears "Saved …" when the next save is refused by the service', async () => {
    const conflict = refused(409, 'CONFLICT', 'sku FLW-003 is used by another product of Demo: Wedding Cake');
    const { products, wrapper } = await savedOnce({ [`PATCH ${SETUP}/products/p1`]: [conflict] });
    await wrapper.get('#product-sku').setValue('FLW-003');
    await wrapper.get('form').trigger('submit');
    await flushPromises();
    expect(wrapper.text()).toContain('Wedding Cake');
    expect(products.message).toBe('');
  });
});
