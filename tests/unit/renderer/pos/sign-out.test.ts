// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SignOutButton from '../../../../renderer/pos/components/SignOutButton.vue';
import { signOutAsk, type SignOutState } from '../../../../renderer/pos/logic/sign-out-words.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useSessionStore } from '../../../../renderer/pos/stores/session.js';
import type { Ticket, TicketQuote } from '../../../../shared/contracts/ticket.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

const cart: SignOutState = {
  step: 'cart',
  adopted: false,
  orderNumber: null,
  units: 2,
  totalCents: 3456,
  customerName: 'Maria Garcia',
};

describe('what Sign out asks', () => {
  it('on the lock screen, keeps the sale by unlocking (the register is locked already)', () => {
    expect(signOutAsk({ ...cart, locked: true })?.message).toBe(
      '2 items ($34.56) come off the cart, and Maria Garcia with them. To keep the sale, unlock the register instead.',
    );
    expect(signOutAsk({ ...cart, step: 'pos', orderNumber: 'K7Q2ZB', locked: true })?.message).toMatch(
      /no one here to see it through\. Unlock the register to see it through\.$/,
    );
  });

  it('asks about a sale in the cart in words of what goes, as Clear sale does', () => {
    expect(signOutAsk(cart)).toEqual({
      kind: 'sale',
      title: 'Sign out and clear this sale?',
      message:
        '2 items ($34.56) come off the cart, and Maria Garcia with them. To keep the sale for later, lock the register instead.',
    });
    expect(signOutAsk({ ...cart, units: 1, totalCents: null, customerName: '' })?.message).toBe(
      '1 item comes off the cart. To keep the sale for later, lock the register instead.',
    );
  });

  it('asks nothing of an empty cart, nor of a sale paid (its result on screen)', () => {
    expect(signOutAsk({ ...cart, units: 0 })).toBeNull();
    expect(signOutAsk({ ...cart, step: 'done', orderNumber: 'K7Q2ZB' })).toBeNull();
  });

  it('asks about the sale waiting in the cart while an online order was handed over', () => {
    expect(signOutAsk({ ...cart, step: 'done', adopted: true, orderNumber: 'K7Q2ZB' })?.kind).toBe('sale');
  });

  it('does not sign out from under an order being made or paid, and says what to do', () => {
    expect(signOutAsk({ ...cart, step: 'display', orderNumber: 'K7Q2ZB' })).toEqual({
      kind: 'paying',
      title: 'Finish the payment first',
      message:
        'Order K7Q2ZB is being paid. Finish or cancel it on the checkout before signing out: a payment taken after you sign out would have no one here to see it through. To step away meanwhile, lock the register: the payment carries on.',
    });
    expect(signOutAsk({ ...cart, step: 'creating' })?.message).toMatch(/^The order is being made\. /);
    expect(signOutAsk({ ...cart, units: 0, step: 'review', adopted: true, orderNumber: 'P4' })?.message).toMatch(
      /^Online order P4 is being handed over\. /,
    );
  });
});

describe('the top bar’s Sign out', () => {
  beforeEach(() => {
    signedInCashier();
    vi.stubGlobal('fetch', async () => new Response('{"resultCode":"SUCCESS"}', { status: 200 }));
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
  });
  afterEach(() => (document.body.innerHTML = ''));

  function twoItemsForMaria() {
    const sale = useCartStore();
    sale.lines.push({ product: product({ name: 'Trial Kush' }), quantity: 2 });
    sale.quote = { total: '34.56' } as TicketQuote;
    sale.customer = { firstName: 'Maria', lastName: 'Garcia', phone: '', email: '', customerId: 'c-1' };
    return sale;
  }

  const button = (text: string) =>
    [...document.body.querySelectorAll<HTMLButtonElement>('dialog button')].find((each) => each.textContent === text)!;

  it('asks first with a sale in the cart; keeping it keeps the sale and the cashier signed in', async () => {
    const sale = twoItemsForMaria();
    const signOut = mount(SignOutButton, { attachTo: document.body });
    await signOut.get('button').trigger('click');
    const dialog = document.body.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Sign out and clear this sale?');
    expect(dialog.querySelector('p')!.textContent).toBe(
      '2 items ($34.56) come off the cart, and Maria Garcia with them. To keep the sale for later, lock the register instead.',
    );
    button('Keep the sale').click();
    await flushPromises();
    expect(document.body.querySelector('dialog')).toBeNull();
    expect(sale.lines).toHaveLength(1);
    expect(useSessionStore().session).not.toBeNull();
    signOut.unmount();
  });

  it('once confirmed, clears the sale and signs out', async () => {
    const sale = twoItemsForMaria();
    const signOut = mount(SignOutButton, { attachTo: document.body });
    await signOut.get('button').trigger('click');
    button('Clear and sign out').click();
    await flushPromises();
    expect(sale.lines).toEqual([]);
    expect(sale.customer.customerId).toBeUndefined();
    expect(useSessionStore().session).toBeNull();
    signOut.unmount();
  });

  it('signs out at once with nothing in the cart', async () => {
    const signOut = mount(SignOutButton, { attachTo: document.body });
    await signOut.get('button').trigger('click');
    await flushPromises();
    expect(document.body.querySelector('dialog')).toBeNull();
    expect(useSessionStore().session).toBeNull();
    signOut.unmount();
  });

  it('never signs out while the sale is being paid: says why, and locks when asked, keeping the payment', async () => {
    const sale = twoItemsForMaria();
    const checkout = useCheckoutStore();
    checkout.ticket = { orderNumber: 'K7Q2ZB' } as Ticket;
    checkout.step = 'display';
    const signOut = mount(SignOutButton, { attachTo: document.body });
    await signOut.get('button').trigger('click');
    const dialog = document.body.querySelector('dialog')!;
    expect(dialog.querySelector('h2')!.textContent).toBe('Finish the payment first');
    expect(dialog.querySelector('p')!.textContent).toMatch(/^Order K7Q2ZB is being paid\. /);
    button('Lock the register').click();
    await flushPromises();
    expect(document.body.querySelector('dialog')).toBeNull();
    expect(useSessionStore().locked).toBe(true);
    expect(useSessionStore().session).not.toBeNull();
    expect(checkout.step).toBe('display');
    expect(sale.lines).toHaveLength(1);
    signOut.unmount();
  });

  it('takes its question away once the payment it was about is over', async () => {
    twoItemsForMaria();
    const checkout = useCheckoutStore();
    checkout.step = 'creating';
    const signOut = mount(SignOutButton, { attachTo: document.body });
    await signOut.get('button').trigger('click');
    expect(document.body.querySelector('dialog p')!.textContent).toMatch(/^The order is being made\. /);
    checkout.ticket = { orderNumber: 'K7Q2ZB' } as Ticket;
    checkout.step = 'display';
    await flushPromises();
    expect(document.body.querySelector('dialog p')!.textContent).toMatch(/^Order K7Q2ZB is being paid\. /);
    checkout.step = 'cart';
    await flushPromises();
    expect(document.body.querySelector('dialog')).toBeNull();
    expect(useSessionStore().session).not.toBeNull();
    signOut.unmount();
  });

  it('asks again if a payment started while the question was open, and never signs out from under it', async () => {
    twoItemsForMaria();
    const checkout = useCheckoutStore();
    const signOut = mount(SignOutButton, { attachTo: document.body });
    await signOut.get('button').trigger('click');
    checkout.ticket = { orderNumber: 'K7Q2ZB' } as Ticket;
    checkout.step = 'pos';
    button('Clear and sign out').click();
    await flushPromises();
    expect(document.body.querySelector('dialog h2')!.textContent).toBe('Finish the payment first');
    expect(useSessionStore().session).not.toBeNull();
    expect(checkout.step).toBe('pos');
    signOut.unmount();
  });
});
