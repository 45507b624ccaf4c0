import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { PaymentSummary } from '../../../shared/contracts/payment-reports';
import { serviceSaid } from '../../common/refusal';
import { DISPENSARY, useSessionStore } from './session';

/** Today's sales: the service's summary of approved payments, by method and by hour. */
export const useSalesStore = defineStore('sales', () => {
  const summary = shallowRef<PaymentSummary | null>(null);
  const error = ref('');
  let pending: ReturnType<typeof setTimeout> | undefined;

  async function load(): Promise<void> {
    const { api } = useSessionStore();
    try {
      summary.value = await api.get<PaymentSummary>(`/v2.0/payments/summary?dispensaryShortName=${DISPENSARY}`);
      error.value = '';
    } catch (failure) {
      error.value = serviceSaid(failure, 'The summary could not be loaded.');
    }
  }

  /** A payment changed: reload once the burst of updates has passed. */
  function paymentChanged(): void {
    clearTimeout(pending);
    pending = setTimeout(() => void load(), 250);
  }

  /** Back to a fresh screen (sign-out). */
  function reset(): void {
    clearTimeout(pending);
    summary.value = null;
    error.value = '';
  }

  return { summary, error, load, paymentChanged, reset };
});
