// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import WeightDialog from '../../../../renderer/pos/components/WeightDialog.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useSaleRulesStore } from '../../../../renderer/pos/stores/sale-rules.js';
import type { Allowance } from '../../../../shared/contracts/customers.js';
import { CALIFORNIA } from '../../../support/state-profiles.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

const granddaddy = product({
  name: 'Granddaddy Purple (by the gram)',
  deli: true,
  unitType: 'g',
  cannabisWeightMg: null,
  quantityAvailable: 200,
});

/** A customer under California's limits who bought 6.5 g of flower earlier today: 22 g left. */
function twentyTwoGramsLeft(): Allowance {
  return {
    resultCode: 'SUCCESS',
    resultReason: null,
    today: '2026-06-15',
    enforced: true,
    profile: CALIFORNIA,
    verification: { verified: true, age: 36 },
    customer: { type: 'adult_use', age: 36 },
    period: 'day',
    purchases: [{ category: 'FLOWER', units: 1, weightMg: 6_500, thcMg: 0 }],
    groups: [],
  };
}

beforeEach(() => {
  signedInCashier();
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ resultCode: 'SUCCESS' })));
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  useSaleRulesStore().allowance = twentyTwoGramsLeft();
});

async function weigh(dialog: ReturnType<typeof mount>, grams: string): Promise<void> {
  await dialog.get('#keypad-value').setValue(grams);
  await dialog.get('form').trigger('submit');
  await flushPromises();
}

describe('a weight over the purchase limits', () => {
  it('keeps the keypad open with the weight typed beside why; a weight within them is added', async () => {
    const dialog = mount(WeightDialog, { props: { product: granddaddy }, attachTo: document.body });
    await weigh(dialog, '30');
    expect(dialog.emitted('done')).toBeUndefined();
    expect(dialog.get<HTMLInputElement>('#keypad-value').element.value).toBe('30');
    expect(dialog.get('#keypad-error').text()).toBe(
      'Refused: this would bring non-concentrated cannabis to 36.5 g of the 28.5 g daily limit: 22 g left today.',
    );
    expect(useCartStore().lines).toEqual([]);

    await weigh(dialog, '20');
    expect(dialog.emitted('done')).toEqual([[20]]);
    dialog.unmount();
  });

  it('weighs a second bag of a line on the sale: measured with what is on it already', async () => {
    const cart = useCartStore();
    cart.add(granddaddy, 20);
    const dialog = mount(WeightDialog, { props: { product: granddaddy }, attachTo: document.body });
    await weigh(dialog, '22');
    expect(dialog.emitted('done')).toBeUndefined();
    expect(dialog.get('#keypad-error').text()).toBe(
      'Refused: this would bring non-concentrated cannabis to 48.5 g of the 28.5 g daily limit: 2 g left today.',
    );
    await weigh(dialog, '2');
    expect(dialog.emitted('done')).toEqual([[2]]);
    dialog.unmount();
  });

  it('adds nothing while the sale is being paid, and says so in the keypad', async () => {
    useCheckoutStore().step = 'pos';
    const dialog = mount(WeightDialog, { props: { product: granddaddy }, attachTo: document.body });
    await weigh(dialog, '2');
    expect(dialog.emitted('done')).toBeUndefined();
    expect(dialog.get('#keypad-error').text()).toBe('Finish or cancel the checkout before adding items.');
    dialog.unmount();
  });
});
