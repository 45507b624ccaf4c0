// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount, type DOMWrapper } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RewardDollarsField from '../../../../renderer/pos/components/RewardDollarsField.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * The reward dollars field says one thing at a time, and what is in force: its own refusal of what is
 * being typed replaces the service's refusal of the amount before, and never says a refused amount stays.
 */
const SHORT = 'rewardDollars of $10.00 need 1,000 points; Sam has 97 points ($0.97 in reward dollars)';

beforeEach(() => {
  signedInCashier();
  // Sam's 97 points cover $0.97 of reward dollars; the sale is $20.00.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!String(url).endsWith('/ticket/quote')) return new Response('{"resultCode":"SUCCESS"}', { status: 200 });
    const { rewardDollars = 0 } = JSON.parse(String(init.body)) as { rewardDollars?: number };
    if (rewardDollars > 0.97) {
      const body = { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: SHORT };
      return new Response(JSON.stringify(body), { status: 400 });
    }
    const quote = { items: [], subTotal: '20.00', discount: '0.00', tierDiscount: '0.00', tax: '0.00' };
    const total = (20 - rewardDollars).toFixed(2);
    return Response.json({ ...quote, payByPoints: (-rewardDollars).toFixed(2), total, unavailableItems: [] });
  });
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** The field on a sale of one line, focused as the cashier types in it. */
async function mounted() {
  const cart = useCartStore();
  cart.lines.push({ product: product({ name: 'Blue Dream' }), quantity: 1 });
  const field = mount(RewardDollarsField, { props: { disabled: false }, attachTo: document.body });
  const input = field.get<HTMLInputElement>('#reward-dollars');
  input.element.focus();
  return { cart, field, input };
}

/** Types `text` as one input event (a paste, or keys faster than the quote), and lets the cart price it. */
async function type(input: Omit<DOMWrapper<HTMLInputElement>, 'exists'>, text: string): Promise<void> {
  input.element.value = text;
  await input.trigger('input');
  await useCartStore().settled();
  await flushPromises();
}

describe('the reward dollars field after two refusals', () => {
  it('10 refused for points, then 1.234: one message, saying the total is without reward dollars', async () => {
    const { cart, field, input } = await mounted();
    await type(input, '10');
    expect(field.findAll('.field-error').map((said) => said.text())).toEqual([
      'Reward dollars of $10.00 need 1,000 points; Sam has 97 points ($0.97 in reward dollars). The total is without them.',
    ]);
    expect(cart.quote?.total).toBe('20.00');

    // A third decimal, committed (Enter or Tab): its refusal alone, naming what is in force.
    await type(input, '1.234');
    await input.trigger('change');
    await cart.settled();
    await flushPromises();
    const said = field.findAll('.field-error').map((element) => element.text());
    expect(said).toEqual([
      'Reward dollars must be a number with at most 2 decimals. The total is without reward dollars.',
    ]);
    expect(said[0]).not.toContain('$10.00');
    expect(input.attributes('aria-describedby')).toBe('reward-dollars-error');
    // The box shows what is in force (none), and so does the cart: the refused $10.00 is not asked again.
    expect(input.element.value).toBe('');
    expect(cart.rewardDollars).toBeNull();
    expect(cart.rewardError).toBe('');
    expect(cart.quote?.total).toBe('20.00');
    field.unmount();
  });

  it('while typing (after the pause), the refusal of 1.234 replaces the one of 10, the entry kept to correct', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { field, input } = await mounted();
    await type(input, '10');
    await type(input, '1.234');
    vi.advanceTimersByTime(350);
    await flushPromises();
    expect(field.findAll('.field-error').map((said) => said.text())).toEqual([
      'Reward dollars must be a number with at most 2 decimals. The total is without reward dollars.',
    ]);
    expect(input.element.value).toBe('1.234');

    // Corrected to what the balance covers: the refusal goes, and the amount is taken.
    await type(input, '0.97');
    expect(field.findAll('.field-error')).toHaveLength(0);
    expect(useCartStore().quote?.total).toBe('19.03');
    field.unmount();
  });

  it('an amount the service took stays, and the refusal says so', async () => {
    const { cart, field, input } = await mounted();
    await type(input, '0.5');
    await type(input, '1.234');
    await input.trigger('change');
    await flushPromises();
    expect(field.findAll('.field-error').map((said) => said.text())).toEqual([
      'Reward dollars must be a number with at most 2 decimals. It stays $0.50.',
    ]);
    expect(input.element.value).toBe('0.50');
    expect(cart.rewardDollars).toBe(0.5);
    field.unmount();
  });
});
