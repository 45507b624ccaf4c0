// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount, type DOMWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RewardDollarsField from '../../../../renderer/pos/components/RewardDollarsField.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * Reward dollars typed past what the sale comes to: the service takes what it comes to and no more
 * (a negative `payByPoints` capped at the sale's value), so the field says how much of them is used,
 * rather than leave $50.00 in the box to be read as taken off.
 */
let asked: number[] = [];

beforeEach(() => {
  signedInCashier();
  asked = [];
  // A sale of $2.57, the balance covering more than it.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!String(url).endsWith('/ticket/quote')) return new Response('{"resultCode":"SUCCESS"}', { status: 200 });
    const { rewardDollars = 0 } = JSON.parse(String(init.body)) as { rewardDollars?: number };
    asked.push(rewardDollars);
    const taken = Math.min(257, Math.round(rewardDollars * 100));
    const quote = { items: [], subTotal: '2.57', discount: '0.00', tierDiscount: '0.00', tax: '0.00' };
    const total = ((257 - taken) / 100).toFixed(2);
    return Response.json({ ...quote, payByPoints: (-taken / 100).toFixed(2), total, unavailableItems: [] });
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** Types `text` as one input event, and lets the cart price it. */
async function type(input: Omit<DOMWrapper<HTMLInputElement>, 'exists'>, text: string): Promise<void> {
  input.element.value = text;
  await input.trigger('input');
  await useCartStore().settled();
  await flushPromises();
}

describe('reward dollars past what the sale comes to', () => {
  it('says in words that only what the sale comes to is used, and nothing once all of them are', async () => {
    const cart = useCartStore();
    cart.lines.push({ product: product({ name: 'Rolling papers' }), quantity: 1 });
    const field = mount(RewardDollarsField, { props: { disabled: false }, attachTo: document.body });
    const input = field.get<HTMLInputElement>('#reward-dollars');
    input.element.focus();

    await type(input, '50');
    expect(asked.at(-1)).toBe(50);
    expect(cart.quote?.total).toBe('0.00');
    expect(field.get('[data-testid="reward-capped"]').text()).toBe(
      'Only $2.57 can be used on this sale: all it comes to.',
    );
    expect(input.attributes('aria-describedby')).toBe('reward-capped');
    // Not a refusal: the amount is taken, as far as the sale goes.
    expect(field.findAll('.field-error')).toHaveLength(0);

    await type(input, '2');
    expect(cart.quote?.total).toBe('0.57');
    expect(field.find('[data-testid="reward-capped"]').exists()).toBe(false);
    expect(input.attributes('aria-describedby')).toBeUndefined();
    field.unmount();
  });
});
