// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RefundDialog from '../../../../renderer/backoffice/components/RefundDialog.vue';
import { useOrdersStore } from '../../../../renderer/backoffice/stores/orders';
import type { Ticket } from '../../../../shared/contracts/ticket';
import { fakeService, refused, signedIn, type Answer } from './fake-service';
import { listedPayment, refundableOrder } from './refund-items-fixture';

/** The refund dialog by items against a hand-made sale (refund-items-fixture.ts), the service faked. */
const TICKETS = '/v2.0/dispensary/demo/ecommerce';
const ticket = {
  orderId: 'o-1',
  orderNumber: 'AB23CD',
  status: 'PAID',
  paymentStatus: 'PAID',
  total: '84.40',
  items: [],
};
const cash = listedPayment('p-cash', 'Cash', 2000);
const card = listedPayment('p-card', 'Credit', 6440);
const listed = { body: { payments: [cash, card], nextCursor: null } };

afterEach(() => vi.unstubAllGlobals());

async function dialog(refunds: Answer[] = [], mode: 'items' | 'amount' = 'items', status = 'COMPLETED') {
  signedIn(['payment:refund']);
  const calls = fakeService({
    [`GET ${TICKETS}/ticket/o-1`]: [{ body: ticket }, { body: ticket }],
    'GET /v2.0/payments': [listed, listed],
    'GET /v2.0/ticket/o-1/refundable': [{ body: refundableOrder() }],
    'POST /v2.0/payments/p-card/refund': refunds,
  });
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  useOrdersStore().selected = { ...ticket, status } as unknown as Ticket;
  useOrdersStore().payments = [cash, card];
  const wrapper = mount(RefundDialog, {
    props: { payment: card, orderNumber: 'AB23CD', orderId: 'o-1', mode },
    global: { plugins: [getActivePinia()!] },
    attachTo: document.body,
  });
  await flushPromises();
  return { wrapper, calls };
}

const summary = (wrapper: Awaited<ReturnType<typeof dialog>>['wrapper']) =>
  wrapper.get('[data-testid="refund-items-summary"]').text();

describe('the refund dialog by items', () => {
  it('lists the sale’s lines with what was sold and came back, nothing chosen and nothing put back in stock', async () => {
    const { wrapper } = await dialog();
    expect(wrapper.get('h2').text()).toBe('Refund items of order AB23CD?');
    const cells = wrapper
      .findAll('tr[data-refund-line]')
      .map((row) => row.findAll('td').map((cell) => cell.text().replace(/\s+/g, ' ')));
    expect(cells.map((row) => row.slice(0, 3))).toEqual([
      ['Blue Dream Glass House', '3', '1'],
      ['House Shake Farm Co', '3.5 g', '—'],
    ]);
    expect(cells.map((row) => row[3])).toEqual([
      '− Blue Dream: how many that come back + All',
      '− House Shake: grams that come back + All',
    ]);
    expect((wrapper.get('#refund-restock').element as HTMLInputElement).checked).toBe(false);
    expect(wrapper.get('.refund-restock').text()).toContain('Returned cannabis is usually not sold again');
    expect(summary(wrapper)).toBe('Nothing chosen yet: choose how much of each item comes back.');
    expect((wrapper.get('#refund-payment').element as HTMLSelectElement).value).toBe('p-card');
  });

  it('shows what the choice is worth as it changes: steps, All, grams typed with decimals', async () => {
    const { wrapper } = await dialog();
    await wrapper.get('[aria-label="One item more of Blue Dream"]').trigger('click');
    expect(summary(wrapper)).toBe('1 item · $13.80 back, tax $1.80 included');
    await wrapper.get('[aria-label="All 2 of Blue Dream"]').trigger('click');
    expect(summary(wrapper)).toBe('2 items · $27.60 back, tax $3.60 included');
    await wrapper.get('#refund-line-1').setValue('1.5');
    expect(summary(wrapper)).toBe('3 items · $37.45 back, tax $4.88 included');
    await wrapper.get('#refund-line-0').setValue('1.5');
    await wrapper.get('#refund-line-0').trigger('change');
    expect(wrapper.text()).toContain('Quantity must be a whole number.');
  });

  it('says when the items are worth more than the payment has left: the rest comes from the other payment, or only what it has', async () => {
    const { wrapper } = await dialog();
    await wrapper.get('#refund-payment').setValue('p-cash');
    await wrapper.get('[aria-label="All 2 of Blue Dream"]').trigger('click');
    expect(wrapper.get('[data-testid="refund-items-over"]').text()).toContain(
      'These items are worth $27.60; the Cash payment has $20.00 left, so it comes back as $20.00 in cash and $7.60 to the Credit card payment.',
    );
    expect(wrapper.get('[data-testid="refund-cash-source"]').text()).toContain('take it from the safe');
    await wrapper.get('[data-testid="refund-items-over"] button').trigger('click');
    expect(summary(wrapper)).toBe('2 items · $20.00 back (they are worth $27.60)');
  });

  it('asks why first, then sends the lines once per attempt and shows the service’s refusal', async () => {
    const { wrapper, calls } = await dialog([
      refused(409, 'CONFLICT', 'Only 1 of Blue Dream is left to refund'),
      { body: { resultCode: 'SUCCESS', resultReason: null } },
    ]);
    const refund = wrapper.findAll('button').find((button) => button.text() === 'Refund')!;
    await refund.trigger('click');
    expect(wrapper.get('[data-testid="refund-items-refusal"]').text()).toBe(
      'Choose what comes back: at least one item.',
    );
    await wrapper.get('[aria-label="All 2 of Blue Dream"]').trigger('click');
    expect(wrapper.find('[data-testid="refund-items-refusal"]').exists()).toBe(false);
    await refund.trigger('click');
    expect(wrapper.text()).toContain('Say why first: the audit trail keeps the reason with your name.');
    await wrapper.get('#refund-reason').setValue('Customer returned them');
    await refund.trigger('click');
    await flushPromises();
    expect(wrapper.get('[data-testid="refund-refusal"]').text()).toBe('Only 1 of Blue Dream is left to refund.');
    await refund.trigger('click');
    await flushPromises();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([
      { amount: 2760, reason: 'Customer returned them', lines: [{ itemId: 'i-1', quantity: 2 }], restock: false },
      { amount: 2760, reason: 'Customer returned them', lines: [{ itemId: 'i-1', quantity: 2 }], restock: false },
    ]);
    // The service answered the first: the second is a new attempt with its own key.
    expect(posts[1]!.headers['idempotency-key']).not.toBe(posts[0]!.headers['idempotency-key']);
    expect(wrapper.emitted('done')).toHaveLength(1);
  });

  it('keeps the refund by amount, the switch back to it too', async () => {
    const { wrapper } = await dialog([], 'amount');
    expect(wrapper.get('h2').text()).toBe('Refund the Credit card payment?');
    expect((wrapper.get('#refund-amount').element as HTMLInputElement).value).toBe('64.40');
    await wrapper.get('input[value="items"]').setValue(true);
    await flushPromises();
    expect(wrapper.get('h2').text()).toBe('Refund items of order AB23CD?');
    expect(wrapper.findAll('tr[data-refund-line]')).toHaveLength(2);
    await wrapper.get('input[value="amount"]').setValue(true);
    expect(wrapper.find('#refund-amount').exists()).toBe(true);
  });

  it('offers no refund by items of an order not handed over yet (only what the customer took comes back)', async () => {
    const { wrapper } = await dialog([], 'amount', 'PAID');
    expect(wrapper.get('h2').text()).toBe('Refund the Credit card payment?');
    expect(wrapper.find('input[value="items"]').exists()).toBe(false);
  });
});
