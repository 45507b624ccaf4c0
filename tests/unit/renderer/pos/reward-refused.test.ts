// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import RewardDollarsField from '../../../../renderer/pos/components/RewardDollarsField.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

const SHORT = 'rewardDollars of $9.00 need 900 points; Maria has 300 points ($3.00 in reward dollars)';

beforeEach(() => {
  signedInCashier();
  // The service refuses any reward dollars over $3.00: Maria's balance.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!String(url).endsWith('/ticket/quote')) return new Response('{"resultCode":"SUCCESS"}', { status: 200 });
    const { rewardDollars = 0 } = JSON.parse(String(init.body)) as { rewardDollars?: number };
    if (rewardDollars > 3) {
      const body = { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: SHORT };
      return new Response(JSON.stringify(body), { status: 400 });
    }
    const quote = { items: [], subTotal: '10.00', discount: '0.00', tierDiscount: '0.00', tax: '0.00' };
    return new Response(JSON.stringify({ ...quote, payByPoints: '0.00', total: '10.00', unavailableItems: [] }));
  });
});

describe('reward dollars the service refuses', () => {
  it('keep what was typed beside why, after the field is left too, until the cashier changes them', async () => {
    const cart = useCartStore();
    cart.lines.push({ product: product({ name: 'Blue Dream' }), quantity: 1 });
    const field = mount(RewardDollarsField, { props: { disabled: false }, attachTo: document.body });
    const input = field.get<HTMLInputElement>('#reward-dollars');
    input.element.focus();
    input.element.value = '9';
    await input.trigger('input');
    await cart.settled();
    await flushPromises();
    expect(input.element.value).toBe('9');
    const refused =
      'Reward dollars of $9.00 need 900 points; Maria has 300 points ($3.00 in reward dollars). The total is without them.';
    expect(field.get('[data-testid="reward-refused"]').text()).toBe(refused);
    expect(input.attributes('aria-describedby')).toBe('reward-refused');
    // Left (Tab): still as typed, shown as money, beside why.
    await input.trigger('change');
    input.element.blur();
    await flushPromises();
    expect(input.element.value).toBe('9.00');
    expect(cart.rewardDollars).toBe(9);
    expect(field.get('[data-testid="reward-refused"]').text()).toBe(refused);
    // Changed to what the balance covers: taken, and the refusal goes.
    input.element.focus();
    input.element.value = '3';
    await input.trigger('input');
    await cart.settled();
    await flushPromises();
    expect(field.find('[data-testid="reward-refused"]').exists()).toBe(false);
    expect(input.element.value).toBe('3');
    field.unmount();
  });
});
