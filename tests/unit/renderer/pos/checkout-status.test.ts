// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, shallowMount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpenPayments } from '../../../../renderer/common/sdk-payments';
import CheckoutPanel from '../../../../renderer/pos/components/CheckoutPanel.vue';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import type { PaymentResponse } from '../../../../renderer/sdk/types/servicepay';
import type { Ticket } from '../../../../shared/contracts/ticket';
import { signedInCashier } from './signed-in.js';

/**
 * The widget as the checkout sees it: what it answers is sent by the test. Given to the panel
 * (`openPayments`), not mocked: unit files share their worker's modules (vitest.config.ts
 * `isolate: false`), so a mock of the SDK's modules missed a file that loaded them first.
 */
const widget = { respond: (response: PaymentResponse): void => void response };
const openPayments: OpenPayments = (options) => {
  widget.respond = options.onResponse;
  return { pay: async () => undefined, cancel: () => undefined };
};

const ORDER_ID = '0190a4c2-0000-7000-8000-000000000042';

/** Order PN55KC, $66.55, $30.00 of it paid in cash at this counter. */
const ticket = {
  orderId: ORDER_ID,
  orderNumber: 'PN55KC',
  status: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  source: 'pos',
  items: [],
  subTotal: '60.00',
  discount: '0.00',
  tierDiscount: '0.00',
  tax: '6.55',
  payByPoints: '0.00',
  total: '66.55',
  unavailableItems: [],
} as unknown as Ticket;

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
  vi.stubGlobal('fetch', async (url: string) => {
    const { pathname } = new URL(url);
    const body =
      pathname === '/v2.0/payments'
        ? {
            payments: [{ status: 'approved', originalAmount: 3000, changeDue: 0, cashbackAmount: 0 }],
            nextCursor: null,
          }
        : pathname.endsWith(`/ticket/${ORDER_ID}`)
          ? ticket
          : { resultCode: 'SUCCESS' };
    return new Response(JSON.stringify(body), { status: 200 });
  });
});

async function counterCheckout() {
  const panel = shallowMount(CheckoutPanel, { props: { openPayments }, global: { plugins: [getActivePinia()!] } });
  const checkout = useCheckoutStore();
  checkout.ticket = ticket;
  checkout.step = 'pos';
  await flushPromises();
  const respond = async (response: PaymentResponse) => {
    widget.respond(response);
    await flushPromises();
  };
  return { panel, checkout, respond, line: () => panel.get('.checkout-status').text() };
}

const declined = (message: string, paymentMethod: 'Credit' | 'Debit'): PaymentResponse =>
  ({
    eventType: 'PAYMENT_ERROR',
    userMessage: message,
    processorName: 'sandbox',
    paymentMethod,
    data: {},
  }) as PaymentResponse;

describe('the checkout’s status line at the counter', () => {
  it('after $30.00 in cash, a card declined for the rest: the decline in words and what is left, not the approval', async () => {
    const { checkout, respond, line } = await counterCheckout();
    await respond({
      eventType: 'PAYMENT_APPROVED',
      userMessage: 'Payment approved',
      processorName: 'cash',
      paymentMethod: 'Cash',
      data: {},
    } as PaymentResponse);
    // The widget at the counter says what was paid and what is left: the line only acknowledges it.
    expect(checkout.notice).toBe('');
    expect(line()).toBe('Payment approved.');

    await respond(declined('Declined: incorrect PIN', 'Debit'));
    expect(line()).toBe('Declined: incorrect PIN. $36.55 left to pay.');
    expect(line()).not.toMatch(/approved/);
  });

  it('a canceled payment replaces older news too', async () => {
    const { checkout, respond, line } = await counterCheckout();
    checkout.notice = 'A payment was approved; the order still has a balance of $36.55 to pay.';
    await respond({
      eventType: 'PAYMENT_CANCELED',
      userMessage: 'Payment canceled',
      processorName: 'sandbox',
      paymentMethod: 'Credit',
      data: {},
    } as PaymentResponse);
    expect(line()).toBe('Payment canceled.');
  });

  it('once the register moved on (the order paid at another register), the widget’s cancel leaves its words', async () => {
    const { checkout, respond, line } = await counterCheckout();
    checkout.step = 'review';
    checkout.notice = 'Order PN55KC was paid at register front-2 meanwhile: nothing more is taken here.';
    await respond({
      eventType: 'PAYMENT_CANCELED',
      userMessage: 'Payment canceled',
      processorName: '',
      paymentMethod: '',
      data: {},
    } as PaymentResponse);
    expect(line()).toBe('Order PN55KC was paid at register front-2 meanwhile: nothing more is taken here.');
  });
});
