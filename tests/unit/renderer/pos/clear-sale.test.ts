// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ClearSaleButton from '../../../../renderer/pos/components/ClearSaleButton.vue';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import type { TicketQuote } from '../../../../shared/contracts/ticket.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

beforeEach(() => {
  signedInCashier();
  vi.stubGlobal('fetch', async () => new Response('{"resultCode":"SUCCESS"}', { status: 200 }));
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
});

/** Two Trial Kush on the sale, quoted at $34.56, sold to Maria Garcia. */
function twoItemsForMaria() {
  const cart = useCartStore();
  cart.lines.push({ product: product({ name: 'Trial Kush' }), quantity: 2 });
  cart.quote = { total: '34.56' } as TicketQuote;
  cart.customer = { firstName: 'Maria', lastName: 'Garcia', phone: '', email: '', customerId: 'c-1' };
  return cart;
}

describe('Clear sale on a cart with lines', () => {
  it('asks first, in words of what goes; keeping the sale changes nothing', async () => {
    const cart = twoItemsForMaria();
    const button = mount(ClearSaleButton, { props: { units: 2 }, attachTo: document.body });
    await button.get('button.link').trigger('click');
    const dialog = button.get('dialog');
    expect(dialog.get('h2').text()).toBe('Clear this sale?');
    expect(dialog.get('p').text()).toBe(
      '2 items ($34.56) come off the cart, and Maria Garcia with them. The next sale starts empty.',
    );
    await dialog
      .findAll('button')
      .find((each) => each.text() === 'Keep the sale')!
      .trigger('click');
    expect(button.find('dialog').exists()).toBe(false);
    expect(cart.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
    button.unmount();
  });

  it('clears the sale once confirmed', async () => {
    const cart = twoItemsForMaria();
    const button = mount(ClearSaleButton, { props: { units: 2 }, attachTo: document.body });
    await button.get('button.link').trigger('click');
    await button.get('dialog button.danger-solid').trigger('click');
    await flushPromises();
    expect(cart.lines).toEqual([]);
    expect(cart.customer.customerId).toBeUndefined();
    expect(button.find('dialog').exists()).toBe(false);
    button.unmount();
  });

  it('offers nothing to clear on an empty cart', () => {
    const button = mount(ClearSaleButton, { props: { units: 0 } });
    expect(button.get('button.link').attributes('disabled')).toBeDefined();
    button.unmount();
  });
});
