// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import WeightDialog from '../../../../renderer/pos/components/WeightDialog.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

// A weighed product tapped again (a second bag): its weight is added to what is on the sale, as a
// second tap adds a unit, and the keypad's field says so; the bag weighed first never leaves the sale.
const loose = product({ name: 'OG Kush (by the gram)', deli: true, unitType: 'g', quantityAvailable: 100 });

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
  // Quotes and the display's mirror are not what is tested: the service answers nothing useful.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ resultCode: 'SUCCESS' })));
});

describe('a weighed product weighed again', () => {
  it('adds the second weight to the first, to the milligram', () => {
    const cart = useCartStore();
    expect(cart.add(loose, 3.5)).toBe(true);
    expect(cart.add(loose, 0.1)).toBe(true);
    expect(cart.add(loose, 0.2)).toBe(true);
    expect(cart.lines.map((line) => line.quantity)).toEqual([3.8]);
  });

  it('names the field by what is on the sale already, and adds what is typed', async () => {
    const cart = useCartStore();
    const first = mount(WeightDialog, { props: { product: loose }, attachTo: document.body });
    expect(document.querySelector('label')!.textContent).toBe('Weight (g)');
    first.unmount();
    cart.add(loose, 3.5);
    const again = mount(WeightDialog, { props: { product: loose }, attachTo: document.body });
    await flushPromises();
    expect(document.querySelector('label')!.textContent).toBe('Weight to add (g): 3.5 g on the sale already');
    again.unmount();
  });
});
