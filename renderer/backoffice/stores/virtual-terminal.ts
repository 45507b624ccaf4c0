import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { OrderUpdate } from '../../../shared/contracts/live';
import type { Ticket } from '../../../shared/contracts/ticket';
import { ApiError } from '../../common/http';
import type { PaymentResponse } from '../../sdk/types/servicepay';
import { TICKETS, useSessionStore } from './session';

/** One line of the payment's story: the envelope's event type and its message for people. */
export interface TerminalEvent {
  eventType: PaymentResponse['eventType'];
  text: string;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A calm sentence for the end of a payment, or '' while it is still going on. */
export function outcomeOf(response: PaymentResponse, orderNumber: string): string {
  switch (response.eventType) {
    case 'PAYMENT_APPROVED':
      return `Payment approved for order ${orderNumber}.`;
    case 'PAYMENT_CANCELED':
      return `The payment for order ${orderNumber} was canceled; nothing was charged.`;
    case 'PAYMENT_ERROR':
      return `The payment did not go through: ${sentence(response.userMessage)} You can try again.`;
    default:
      return '';
  }
}

/** The virtual terminal: one order found by its number, and the story of its payment. */
export const useVirtualTerminalStore = defineStore('virtual-terminal', () => {
  const order = shallowRef<Ticket | null>(null);
  const error = ref('');
  const events = ref<TerminalEvent[]>([]);
  const outcome = ref('');
  const loading = ref(false);

  /** Finds an order by its number as typed (any case, spaces around ignored). */
  async function lookUp(orderNumber: string): Promise<void> {
    const { api } = useSessionStore();
    error.value = '';
    events.value = [];
    outcome.value = '';
    loading.value = true;
    try {
      const number = encodeURIComponent(orderNumber.trim().toUpperCase());
      order.value = await api.get<Ticket>(`${TICKETS}/ticket/by-number/${number}`);
    } catch (failure) {
      order.value = null;
      error.value = failure instanceof ApiError ? failure.message : 'The order could not be found.';
    } finally {
      loading.value = false;
    }
  }

  /** Reads the order again (its status after a payment). */
  async function refresh(): Promise<void> {
    const current = order.value;
    if (!current) return;
    const { api } = useSessionStore();
    try {
      order.value = await api.get<Ticket>(`${TICKETS}/ticket/${current.orderId}`);
    } catch (failure) {
      error.value = failure instanceof ApiError ? failure.message : 'The order could not be read again.';
    }
  }

  /** A result envelope from the SDK. */
  async function record(response: PaymentResponse): Promise<void> {
    const text = 'userMessage' in response ? `${response.eventType}: ${response.userMessage}` : response.eventType;
    events.value = [...events.value, { eventType: response.eventType, text }];
    const said = outcomeOf(response, order.value?.orderNumber ?? '');
    if (said) outcome.value = said;
    if (response.eventType === 'PAYMENT_APPROVED') await refresh();
  }

  /** A live order update (an ACH invoice authorized later, a payment taken elsewhere). */
  function updated(update: OrderUpdate): void {
    if (order.value?.orderId === update.orderId && order.value.status !== update.status) void refresh();
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    order.value = null;
    error.value = '';
    events.value = [];
    outcome.value = '';
  }

  return { order, error, events, outcome, loading, lookUp, refresh, record, updated, reset };
});
