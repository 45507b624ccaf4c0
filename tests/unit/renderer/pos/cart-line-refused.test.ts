// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CartLine from '../../../../renderer/pos/components/CartLine.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
  // Quotes and the display's mirror are not what is tested: the service answers nothing useful.
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ resultCode: 'SUCCESS' })));
});

/** Blue Dream's line (40 in stock) with 30 typed over its quantity: a value the register takes. */
function blueDreamLine() {
  const cart = useCartStore();
  cart.add(product({ name: 'Blue Dream', quantityAvailable: 40 }), 30);
  const line = mount(CartLine, {
    props: { line: cart.lines[0]!, priced: undefined, manualViews: undefined, editable: true },
    attachTo: document.body,
  });
  return { cart, line };
}

async function type(line: ReturnType<typeof blueDreamLine>['line'], text: string): Promise<void> {
  const input = line.get<HTMLInputElement>('input');
  input.element.value = text;
  await input.trigger('input');
  await input.trigger('change');
  await flushPromises();
}

describe('a refused quantity under its line', () => {
  it('goes once the cashier does something else with the sale, the real value shown', async () => {
    const { cart, line } = blueDreamLine();
    await type(line, '45');
    expect(line.get('.line-error').text()).toBe('Only 40 in stock. It stays 30.');
    expect(line.get('input').attributes('aria-invalid')).toBe('true');

    cart.add(product({ name: 'Mini Dogwalkers' }));
    await flushPromises();
    expect(line.find('.line-error').exists()).toBe(false);
    expect(line.get('input').attributes('aria-invalid')).toBeUndefined();
    expect(line.get<HTMLInputElement>('input').element.value).toBe('30');
    line.unmount();
  });

  it('stays while nothing of the sale changes', async () => {
    const { line } = blueDreamLine();
    await type(line, '45');
    await flushPromises();
    expect(line.get('.line-error').text()).toBe('Only 40 in stock. It stays 30.');
    line.unmount();
  });
});
