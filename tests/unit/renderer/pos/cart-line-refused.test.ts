// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import CartLine from '../../../../renderer/pos/components/CartLine.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useSaleRulesStore } from '../../../../renderer/pos/stores/sale-rules.js';
import type { Allowance } from '../../../../shared/contracts/customers.js';
import { CALIFORNIA } from '../../../support/state-profiles.js';
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

/** A customer under California's limits who bought 14 g of flower earlier today: 14.5 g left. */
function fourteenGramsBought(): Allowance {
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    today: '2026-06-15',
    enforced: true,
    profile: CALIFORNIA,
    verification: { verified: true, age: 36 },
    customer: { type: 'adult_use', age: 36 },
    period: 'day',
    purchases: [{ category: 'FLOWER', units: 4, weightMg: 14_000, thcMg: 0 }],
    groups: [],
  };
}

describe('refusals of one line, one after another', () => {
  it('each says why the value just typed was refused, and a value taken says nothing', async () => {
    useSaleRulesStore().allowance = fourteenGramsBought();
    const cart = useCartStore();
    cart.add(product({ name: 'Blue Dream', quantityAvailable: 18, cannabisWeightMg: 3500 }), 1);
    const line = mount(CartLine, {
      props: { line: cart.lines[0]!, priced: undefined, manualViews: undefined, editable: true },
      attachTo: document.body,
    });
    const said = () => (line.find('.line-error').exists() ? line.get('.line-error').text() : null);
    const input = () => line.get<HTMLInputElement>('input');

    await type(line, '50');
    expect(said()).toBe('Only 18 in stock. It stays 1.');

    // The limits refuse 5: the line says so in place of the stock, and the field shows 1 again.
    await type(line, '5');
    await flushPromises();
    expect(said()).toBe(
      'Refused: this would bring non-concentrated cannabis to 31.5 g of the 28.5 g daily limit: 11 g left today. It stays 1.',
    );
    expect(input().element.value).toBe('1');
    expect(input().attributes('aria-invalid')).toBe('true');
    expect(input().attributes('aria-describedby')).toBe(line.get('.line-error').attributes('id'));
    expect(cart.lines[0]!.quantity).toBe(1);

    await type(line, '3');
    await flushPromises();
    expect(said()).toBeNull();
    expect(input().attributes('aria-invalid')).toBeUndefined();
    expect(cart.lines[0]!.quantity).toBe(3);
    line.unmount();
  });

  it('keeps the focus in the field when Enter was refused, to correct it', async () => {
    useSaleRulesStore().allowance = fourteenGramsBought();
    const cart = useCartStore();
    cart.add(product({ name: 'Blue Dream', quantityAvailable: 18, cannabisWeightMg: 3500 }), 1);
    const line = mount(CartLine, {
      props: { line: cart.lines[0]!, priced: undefined, manualViews: undefined, editable: true },
      attachTo: document.body,
    });
    const input = line.get<HTMLInputElement>('input');
    input.element.focus();
    input.element.value = '5';
    await input.trigger('input');
    await input.trigger('keydown', { key: 'Enter' });
    await flushPromises();
    const now = line.get<HTMLInputElement>('input').element;
    expect(now.value).toBe('1');
    expect(document.activeElement).toBe(now);
    line.unmount();
  });
});
