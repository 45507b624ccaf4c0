import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OrderUpdatePayment } from '../../../shared/contracts/live';
import type { Ticket } from '../../../shared/contracts/ticket';
import { refusalWords } from '../../common/refusal';
import { isSettled } from '../logic/checkout-step';
import { placeWords } from '../logic/paid-elsewhere';
import { useCartStore } from './cart';
import { DISPENSARY } from './catalog';
import { useCheckoutStore, type CheckoutOwner } from './checkout';
import { useOrderBalanceStore } from './order-balance';
import { useRegisterViewStore } from './register-view';
import { useSessionStore } from './session';

const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket`;

/** An order of today's list the register may finish: a sale rung up at a register, paid in part. */
export interface UnfinishedOrder {
  orderId: string;
  orderNumber: string;
}

/**
 * A sale rung up at a register and left paid in part (the page reloaded, the register signed out,
 * the cashier moved on): Today's orders offers to take the rest here. The order is read again and
 * taken into the checkout as it is (the cart of the next sale is never touched), with the payments
 * it holds listed as taken before (no change is handed for them, no drawer opens); the widget asks
 * for what is left. Paid meanwhile elsewhere, or canceled, it is said and nothing is taken.
 */
export const useUnfinishedSaleStore = defineStore('unfinished-sale', () => {
  /** What Today's orders says of the last try (a refusal, or a sale another register finished). */
  const said = ref('');
  const loading = ref(false);
  const checkout = useCheckoutStore();

  const owner: CheckoutOwner = {
    kind: 'unfinished',
    // A sale at a register is handed over as it is paid: the settled order is its end.
    finish: async (settled: Ticket) => settled,
    paidElsewhere: async (payment: OrderUpdatePayment) => {
      const number = checkout.ticket?.orderNumber ?? '';
      // Back to Today's orders, the display idle: the register that took the rest ends the sale.
      await checkout.cancelSale();
      said.value = `Order ${number} was paid ${placeWords(payment)} meanwhile: nothing more is taken here.`;
    },
    // Back leaves the order as it is, paid in part, for later.
    leave: () => useRegisterViewStore().show('orders'),
    greeting: null,
  };

  async function takeRest(order: UnfinishedOrder): Promise<void> {
    said.value = '';
    if (!useCartStore().isEmpty || checkout.step !== 'cart') {
      said.value = `Finish or clear the sale in the cart first, then take the rest of order ${order.orderNumber}.`;
      return;
    }
    const { api } = useSessionStore();
    loading.value = true;
    try {
      const ticket = await api.get<Ticket>(`${TICKETS}/${order.orderId}`);
      if (ticket.fulfillmentStatus === 'CANCELED' || isSettled(ticket.paymentStatus)) {
        said.value = `Order ${order.orderNumber} was ${ticket.fulfillmentStatus === 'CANCELED' ? 'canceled' : 'paid'} meanwhile: nothing is left to take.`;
        return;
      }
      const before = await useOrderBalanceStore().payments(ticket);
      checkout.adopt(ticket, owner, 'pos');
      checkout.earlier = new Set(before.map((payment) => payment.id));
      await checkout.payWhere('pos');
    } catch (failure) {
      said.value = refusalWords(failure, `Order ${order.orderNumber} could not be read. Try again.`);
    } finally {
      loading.value = false;
    }
  }

  return { said, loading, takeRest };
});
