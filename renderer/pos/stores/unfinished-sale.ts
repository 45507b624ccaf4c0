import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import type { OrderUpdatePayment } from '../../../shared/contracts/live';
import type { Ticket } from '../../../shared/contracts/ticket';
import { readCanceledPoints } from '../../common/canceled-points';
import { refusalWords } from '../../common/refusal';
import { isSettled } from '../logic/checkout-step';
import { loadLeft, saveLeft, type LeftCheckout } from '../logic/left-checkout';
import { placeWords } from '../logic/paid-elsewhere';
import { saleCanceledWords } from '../logic/sale-cancel-words';
import { useCartStore } from './cart';
import { DISPENSARY } from './catalog';
import { useCheckoutStore, type CheckoutOwner } from './checkout';
import { useOrderBalanceStore } from './order-balance';
import { useRegisterViewStore } from './register-view';
import { useSaleCancelStore } from './sale-cancel';
import { terminal, useSessionStore } from './session';

const ECOMMERCE = `/v2.0/dispensary/${DISPENSARY}/ecommerce`;
const TICKETS = `${ECOMMERCE}/ticket`;

/** An order of today's list the register may finish: a sale rung up at a register, paid in part. */
export interface UnfinishedOrder {
  orderId: string;
  orderNumber: string;
}

/**
 * A sale rung up at a register and left paid in part (the page reloaded, the register signed out,
 * the cashier moved on): Today's orders offers to take the rest here; one left being paid here with
 * nothing paid is offered on the empty cart, taken again for payment or canceled (also once taken). The order is read again and
 * taken into the checkout as it is (the cart of the next sale is never touched), with the payments
 * it holds listed as taken before (no change is handed for them, no drawer opens); the widget asks
 * for what is left. Paid meanwhile elsewhere, or canceled, it is said and nothing is taken.
 */
export const useUnfinishedSaleStore = defineStore('unfinished-sale', () => {
  /** What Today's orders says of the last try (a refusal, or a sale another register finished). */
  const said = ref('');
  const loading = ref(false);
  /** Cents the order taken into the checkout held when it was taken (0: it is paid from the start again). */
  const paidBefore = ref(0);
  /** The order being canceled here: the service's news of its cancel is not news of one elsewhere. */
  let canceling = '';
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
    canceledElsewhere: async () => {
      if (canceling === checkout.ticket?.orderId) return;
      const number = checkout.ticket?.orderNumber ?? '';
      await checkout.cancelSale();
      said.value = `Order ${number} was canceled meanwhile: nothing more is taken here.`;
    },
    // Back leaves the order as it is, paid in part, for later.
    leave: () => useRegisterViewStore().show('orders'),
    greeting: null,
    customerPoints: null,
  };

  /**
   * The register's own sale being paid, kept on this computer until it ends (paid, or found canceled),
   * so a reload or a sign-out mid-payment does not lose it; offered on the empty cart (`offer`) once
   * the service says it is still open (`paid`: cents of it paid already).
   */
  const left = shallowRef<LeftCheckout | null>(loadLeft(terminal.terminalId));
  const offer = ref<(LeftCheckout & { paid: number }) | null>(null);
  const keep = (next: LeftCheckout | null) => {
    left.value = next;
    saveLeft(terminal.terminalId, next);
    if (!next || offer.value?.orderId !== next.orderId) offer.value = null;
  };
  watch(
    () => [checkout.ticket, checkout.step, checkout.owner] as const,
    ([ticket, step, by]) => {
      if (!ticket || (by !== null && by.kind !== 'unfinished')) return;
      keep(step === 'done' ? null : { orderId: ticket.orderId, orderNumber: ticket.orderNumber });
    },
  );

  // What was said of the last one goes once the next sale begins.
  watch(
    () => useCartStore().isEmpty,
    (empty) => {
      if (!empty) said.value = '';
    },
  );
  // The empty cart offers it (read once per time the register comes back to an empty cart).
  watch(
    () => useCartStore().isEmpty && checkout.step === 'cart' && left.value !== null,
    (ask) => {
      if (ask) void checkLeft();
    },
    { immediate: true },
  );

  /** Asks whether the sale left being paid is still open: offered if so, forgotten if not (paid, canceled). */
  async function checkLeft(): Promise<void> {
    const asked = left.value;
    if (!asked || offer.value?.orderId === asked.orderId) return;
    try {
      const { api } = useSessionStore();
      const ticket = await api.get<Ticket>(`${TICKETS}/${asked.orderId}`);
      if (left.value !== asked) return;
      if (ticket.fulfillmentStatus === 'CANCELED' || isSettled(ticket.paymentStatus)) return keep(null);
      const { paid } = await useOrderBalanceStore().read(ticket);
      offer.value = { ...asked, paid };
    } catch {
      // Not read now (offline, signed out): asked again the next time the cart is empty.
    }
  }

  /**
   * Cancels an order of the register's left being paid, nothing paid of it: its items go back in
   * stock. Null once canceled, else the refusal in words.
   */
  async function cancelOrder(order: UnfinishedOrder): Promise<string | null> {
    loading.value = true;
    canceling = order.orderId;
    try {
      const { api } = useSessionStore();
      const reason = 'Canceled at the register after its window closed while it was being paid';
      await api.post(`${TICKETS}/${order.orderId}/cancel`, { reason });
      if (left.value?.orderId === order.orderId) keep(null);
      said.value = saleCanceledWords('order', order.orderNumber, '', 0);
      return null;
    } catch (failure) {
      return refusalWords(failure, `Order ${order.orderNumber} could not be canceled. Try again.`);
    } finally {
      loading.value = false;
      canceling = '';
    }
  }

  /**
   * Once the order is canceled, what its cancel moved of the customer's points is added to what was
   * said of it, as the order's history says it: "… Loyalty: 200 points given back to Maria Garcia."
   */
  async function tellPoints(order: UnfinishedOrder): Promise<void> {
    const told = said.value;
    const points = await readCanceledPoints(useSessionStore().api, ECOMMERCE, order.orderId);
    if (points && said.value === told) said.value = saleCanceledWords('order', order.orderNumber, points, 0);
  }

  /**
   * Cancels the sale left being paid, as the empty cart offers it (nothing paid of it); asked first
   * when it gives the customer's points back (sale-cancel.ts).
   */
  async function cancelLeft(): Promise<void> {
    const shown = offer.value;
    if (!shown) return;
    await useSaleCancelStore().ask('order', shown, async () => {
      const refused = await cancelOrder(shown);
      if (refused) said.value = refused;
      else await tellPoints(shown);
    });
  }

  /**
   * Cancels the order taken into the checkout again, nothing paid of it (asked first when it gives
   * the customer's points back): the register goes back to an empty cart.
   */
  async function cancelTaken(): Promise<void> {
    const sale = checkout.ticket;
    if (!sale || checkout.owner !== owner) return;
    await useSaleCancelStore().ask('order', sale, async () => {
      const refused = await cancelOrder(sale);
      if (refused) {
        checkout.notice = refused;
        return;
      }
      await checkout.newSale();
      await tellPoints(sale);
    });
  }

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
        if (left.value?.orderId === order.orderId) keep(null);
        said.value = `Order ${order.orderNumber} was ${ticket.fulfillmentStatus === 'CANCELED' ? 'canceled' : 'paid'} meanwhile: nothing is left to take.`;
        return;
      }
      const balance = useOrderBalanceStore();
      const before = await balance.payments(ticket);
      paidBefore.value = balance.balance?.paid ?? 0;
      checkout.adopt(ticket, owner, 'pos');
      checkout.earlier = new Set(before.map((payment) => payment.id));
      await checkout.payWhere('pos');
    } catch (failure) {
      said.value = refusalWords(failure, `Order ${order.orderNumber} could not be read. Try again.`);
    } finally {
      loading.value = false;
    }
  }

  return { said, loading, paidBefore, offer, takeRest, checkLeft, cancelLeft, cancelTaken };
});
