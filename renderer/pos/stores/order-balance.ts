import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { PaymentRecord } from '../../../shared/contracts/payment';
import type { PaymentPage } from '../../../shared/contracts/payment-reports';
import type { Ticket } from '../../../shared/contracts/ticket';
import { centsOf, formatMoney } from '../../common/format';
import { balanceOf, type OrderBalance } from '../logic/order-balance';
import { DISPENSARY } from './catalog';
import { useSessionStore } from './session';

/** The most payments one order is read with (the listing's page); an order never has near as many. */
const PAGE = 200;

/**
 * What the order at the checkout already has paid (README "Payments": a payment takes at most the
 * order's balance due): read from its payments before each payment is asked, so a payment taken in
 * part (cash, then a card declined) is finished for what is left, never asked again in full.
 * A handed-over order's are read by its review (to say what is left) and again by each payment
 * attempt: minutes (an ID check) may pass between, and a payment taken elsewhere meanwhile (another
 * register, a card online) changes no order status, so nothing else tells this register of it.
 */
export const useOrderBalanceStore = defineStore('order-balance', () => {
  const balance = shallowRef<OrderBalance | null>(null);

  /** Reads the order's payments from the service, and its balance with them; throws its refusal. */
  async function payments(sale: Pick<Ticket, 'orderNumber' | 'total'>): Promise<PaymentRecord[]> {
    const { api } = useSessionStore();
    const query = `dispensaryShortName=${DISPENSARY}&ticketAlphaNumId=${sale.orderNumber}&limit=${PAGE}`;
    const page = await api.get<PaymentPage>(`/v2.0/payments?${query}`);
    balance.value = balanceOf(centsOf(sale.total), page.payments);
    return page.payments;
  }

  /** Reads the order's balance from its payments on the service; throws its refusal. */
  async function read(sale: Pick<Ticket, 'orderNumber' | 'total'>): Promise<OrderBalance> {
    await payments(sale);
    return balance.value!;
  }

  /** "A payment was approved; the order still has a balance of $0.51 to pay." (without the amount when it cannot be read). */
  async function stillDueWords(sale: Pick<Ticket, 'orderNumber' | 'total'>): Promise<string> {
    try {
      const { due } = await read(sale);
      return `A payment was approved; the order still has a balance of ${formatMoney(due)} to pay.`;
    } catch {
      return 'A payment was approved; the order still has a balance to pay.';
    }
  }

  /** An order just made: nothing paid yet (no need to ask). */
  function fresh(sale: Pick<Ticket, 'total'>): void {
    balance.value = balanceOf(centsOf(sale.total), []);
  }

  function forget(): void {
    balance.value = null;
  }

  return { balance, payments, read, stillDueWords, fresh, forget };
});
