// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import KeypadDialog from '../../../../renderer/pos/components/KeypadDialog.vue';
import { quantityRefusal } from '../../../../renderer/pos/logic/cart.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

const kush = product({ name: 'Trial Kush', quantityAvailable: 20 });
const loose = product({ name: 'House Flower', deli: true, unitType: 'g' });

/** The quote as the service answers it: `short` of Trial Kush's quantity asked has only `available` in stock. */
function quoteWith(quantity: number, available: number) {
  return {
    resultCode: 'SUCCESS',
    items: [
      {
        productId: kush.productId,
        name: kush.name,
        quantity: Math.min(quantity, available),
        priceSell: '10.00',
        discounts: [],
      },
    ],
    subTotal: '10.00',
    discount: '0.00',
    tierDiscount: '0.00',
    tax: '0.00',
    payByPoints: '0.00',
    total: '10.00',
    manualDiscounts: [],
    unavailableItems:
      quantity > available
        ? [
            {
              productId: kush.productId,
              requestedQuantity: quantity,
              availableQuantity: available,
              reason: 'INSUFFICIENT_STOCK',
            },
          ]
        : [],
  };
}

/** The service: 8 Trial Kush in stock, whatever the register's catalog last read. */
function eightInStock(): number[] {
  const asked: number[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (!String(url).endsWith('/ticket/quote')) return new Response('{"resultCode":"SUCCESS"}', { status: 200 });
    const body = JSON.parse(String(init.body)) as { items: { quantity: number }[] };
    asked.push(body.items[0]!.quantity);
    return new Response(JSON.stringify(quoteWith(body.items[0]!.quantity, 8)), { status: 200 });
  });
  return asked;
}

beforeEach(() => {
  signedInCashier();
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('why the service refuses a line quantity', () => {
  it.each([
    [
      { productId: kush.productId, requestedQuantity: 12, availableQuantity: 8, reason: 'INSUFFICIENT_STOCK' },
      kush,
      'Only 8 in stock.',
    ],
    [
      { productId: loose.productId, requestedQuantity: 5, availableQuantity: 2.5, reason: 'INSUFFICIENT_STOCK' },
      loose,
      'Only 2.5 g in stock.',
    ],
    [
      { productId: kush.productId, requestedQuantity: 2, availableQuantity: 0, reason: 'OUT_OF_STOCK' },
      kush,
      'None left in stock: take it off the sale.',
    ],
    [
      { productId: kush.productId, requestedQuantity: 2, availableQuantity: 0, reason: 'DISCONTINUED' },
      kush,
      'It is no longer sold: take it off the sale.',
    ],
  ] as const)('%o says %s', (item, of, words) => {
    expect(quantityRefusal(of, { unavailableItems: [item] }, '')).toBe(words);
  });

  it('is the quote refusal that change caused, or nothing when the quote took it', () => {
    expect(quantityRefusal(kush, { unavailableItems: [] }, 'Over the limit.')).toBe('Over the limit.');
    expect(quantityRefusal(kush, { unavailableItems: [] }, '')).toBeNull();
  });
});

describe('the cart tries a quantity from the keypad', () => {
  it('refuses more than the service has in stock, and the line keeps its quantity', async () => {
    const asked = eightInStock();
    const cart = useCartStore();
    cart.lines.push({ product: kush, quantity: 2 });
    expect(await cart.tryQuantity(kush.productId, 12)).toBe('Only 8 in stock.');
    expect(cart.lines[0]!.quantity).toBe(2);
    await cart.settled();
    expect(asked).toEqual([12, 2]);
    expect(await cart.tryQuantity(kush.productId, 8)).toBeNull();
    expect(cart.lines[0]!.quantity).toBe(8);
  });
});

describe('the keypad with a value the service refuses', () => {
  it('stays open with what was typed beside why; the next key replaces it', async () => {
    const accept = vi.fn(async (value: number) => (value > 8 ? 'Only 8 in stock.' : null));
    const pad = mount(KeypadDialog, {
      props: {
        title: 'Trial Kush',
        label: 'Quantity',
        rule: { name: 'quantity', decimals: 0, min: 1 },
        initial: 2,
        confirm: 'Set',
        accept,
      },
      attachTo: document.body,
    });
    const field = pad.get<HTMLInputElement>('#keypad-value');
    await field.setValue('12');
    await pad.get('form').trigger('submit');
    await flushPromises();
    expect(pad.emitted('done')).toBeUndefined();
    expect(field.element.value).toBe('12');
    expect(pad.get('#keypad-error').text()).toBe('Only 8 in stock.');
    expect(field.attributes('aria-invalid')).toBe('true');
    const eight = pad.findAll('button').find((button) => button.text() === '8')!;
    await eight.trigger('click');
    expect(field.element.value).toBe('8');
    expect(pad.find('#keypad-error').exists()).toBe(false);
    await pad.get('form').trigger('submit');
    await flushPromises();
    expect(pad.emitted('done')).toEqual([[8]]);
    pad.unmount();
  });
});
