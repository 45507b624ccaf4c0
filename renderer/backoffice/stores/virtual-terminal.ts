import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { PaymentPage } from '../../../shared/contracts/payment-reports';
import type { Ticket } from '../../../shared/contracts/ticket';
import { orderCharge, type OrderCharge } from '../logic/order-paid';
import { serviceSaid } from '../../common/refusal';
import { loadStoreInfo } from '../../common/store-info';
import type { PaymentResponse } from '../../sdk/types/servicepay';
import { DISPENSARY, TICKETS, useSessionStore } from './session';

/** How a payment ended, for the one result panel: its tone, a title and a sentence. */
export interface TerminalResult {
  tone: 'good' | 'bad' | 'plain';
  title: string;
  detail: string;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The result of a payment envelope, or null while the payment is still going on. */
export function outcomeOf(response: PaymentResponse, orderNumber: string): TerminalResult | null {
  switch (response.eventType) {
    case 'PAYMENT_APPROVED':
      return { tone: 'good', title: 'Payment approved', detail: `Payment approved for order ${orderNumber}.` };
    case 'PAYMENT_CANCELED':
      return {
        tone: 'plain',
        title: 'Payment canceled',
        detail: `The payment for order ${orderNumber} was canceled; nothing was charged.`,
      };
    case 'PAYMENT_ERROR':
      return {
        tone: 'bad',
        title: 'Payment not completed',
        detail: `The payment did not go through: ${sentence(response.userMessage)} You can try again.`,
      };
    default:
      return null;
  }
}

/** The virtual terminal: one order found by its number, and how its payment ended. */
export const useVirtualTerminalStore = defineStore('virtual-terminal', () => {
  const order = shallowRef<Ticket | null>(null);
  /** What a payment taken now may take of the order; null until read (or when its payments cannot be). */
  const charge = shallowRef<OrderCharge | null>(null);
  const error = ref('');
  const result = shallowRef<TerminalResult | null>(null);
  const loading = ref(false);
  /** The store's name, which the widget shows the payer (rather than the organization's); '' until read. */
  const storeName = ref('');

  /** Reads the store's name (once per window); the widget does without it when it cannot be read. */
  async function loadStoreName(): Promise<void> {
    const { api } = useSessionStore();
    const store = await loadStoreInfo(api, DISPENSARY).catch(() => undefined);
    if (store) storeName.value = store.name;
  }

  /**
   * What a payment taken now may take of `ticket`, from its payments (part of it may be paid at a
   * register already); null when they cannot be read (the service's balance check still says).
   */
  async function chargeOf(ticket: Ticket): Promise<OrderCharge | null> {
    const { api } = useSessionStore();
    const path = `/v2.0/payments?dispensaryShortName=${DISPENSARY}&ticketAlphaNumId=${ticket.orderNumber}&limit=100`;
    const page = await api.get<PaymentPage>(path).catch(() => undefined);
    return page ? orderCharge(ticket, page.payments) : null;
  }

  /** Shows `ticket` with what is left to take of it. */
  async function show(ticket: Ticket): Promise<void> {
    const left = await chargeOf(ticket);
    order.value = ticket;
    charge.value = left;
  }

  /** Finds an order by its number as typed (any case, spaces around ignored). */
  async function lookUp(orderNumber: string): Promise<void> {
    const { api } = useSessionStore();
    error.value = '';
    result.value = null;
    loading.value = true;
    try {
      const number = encodeURIComponent(orderNumber.trim().toUpperCase());
      await show(await api.get<Ticket>(`${TICKETS}/ticket/by-number/${number}`));
    } catch (failure) {
      order.value = null;
      charge.value = null;
      error.value = serviceSaid(failure, 'The order could not be found.');
    } finally {
      loading.value = false;
    }
  }

  /** Reads the order again (its status and what is left to take, after a payment). */
  async function refresh(): Promise<void> {
    const current = order.value;
    if (!current) return;
    const { api } = useSessionStore();
    try {
      await show(await api.get<Ticket>(`${TICKETS}/ticket/${current.orderId}`));
    } catch (failure) {
      error.value = serviceSaid(failure, 'The order could not be read again.');
    }
  }

  /** A payment begins: the panel's result of the last one goes. */
  function begin(): void {
    result.value = null;
  }

  /**
   * A result envelope from the SDK. A refusal or a decline while the payment form is on screen
   * (`formShown`) is the form's to say, beside the field or above its Try again: said once, not
   * again in the panel.
   */
  async function record(response: PaymentResponse, formShown = false): Promise<void> {
    if (response.eventType === 'PAYMENT_ERROR' && formShown) return begin();
    const said = outcomeOf(response, order.value?.orderNumber ?? '');
    if (said) result.value = said;
    if (response.eventType === 'PAYMENT_APPROVED') await refresh();
  }

  /**
   * A live order update (an ACH invoice authorized later, a payment taken elsewhere, part of it
   * paid at a register): the order is read again, with what is left to take.
   */
  function updated(update: OrderUpdate): void {
    if (order.value?.orderId === update.orderId) void refresh();
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    order.value = null;
    charge.value = null;
    error.value = '';
    result.value = null;
  }

  return {
    order,
    charge,
    error,
    result,
    loading,
    storeName,
    loadStoreName,
    lookUp,
    refresh,
    begin,
    record,
    updated,
    reset,
  };
});
