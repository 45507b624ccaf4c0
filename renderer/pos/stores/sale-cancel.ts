import { defineStore } from 'pinia';
import { ref, shallowRef, watch } from 'vue';
import { dollarsToCents, type Cents } from '../../../shared/money';
import { readCanceledPoints } from '../../common/canceled-points';
import { cancelPointsPreview, readRefundPoints } from '../../common/refund-points-preview';
import { cancelAskWords, rewardKeptWords, saleCanceledWords, type SaleCancelKind } from '../logic/sale-cancel-words';
import { useCartStore } from './cart';
import { DISPENSARY } from './catalog';
import { useCheckoutStore } from './checkout';
import { useSessionStore } from './session';

const ECOMMERCE = `/v2.0/dispensary/${DISPENSARY}/ecommerce`;

/** The reward dollars typed on the cart, in cents (kept when its order is canceled back to it). */
const rewardTyped = (): Cents => dollarsToCents(useCartStore().rewardDollars ?? 0) ?? 0;

/** The order a cancel is asked for: its id and number. */
export interface CanceledSale {
  orderId: string;
  orderNumber: string;
}

/** A cancel waiting for the cashier's yes: what its confirm says. */
export interface CancelAsked {
  title: string;
  message: string;
  /** "Maria's points: canceling the order gives back 200 spent on it." and, back to the cart, what it keeps. */
  points: string;
  confirm: string;
  keep: string;
}

/**
 * Canceling the register's own sale whose order exists and is not paid ("Cancel order, back to cart",
 * or the sale left being paid when the register closed). What the cancel does to the customer's
 * points is read first (renderer/common/refund-points-preview.ts, the service's count): when it moves
 * some (reward dollars spent on it), a confirm says so before, and the register says what it moved
 * after, as the order's history has it. A sale that moves no points is canceled at once, as before:
 * nothing a cashier could lose is at stake there, and one more tap on every correction of a cart slows
 * the counter. A points read that fails cancels at once too (it informs; the cancel does not need it).
 */
export const useSaleCancelStore = defineStore('sale-cancel', () => {
  const asked = shallowRef<CancelAsked | null>(null);
  /** The points are being read before the cancel: its buttons wait. */
  const reading = ref(false);
  /** What a cancel back to the cart moved of the customer's points, said in the cart until the next order. */
  const said = ref('');
  let go: (() => Promise<void>) | null = null;

  const checkout = useCheckoutStore();
  watch(
    () => checkout.step !== 'cart' || useCartStore().isEmpty,
    (gone) => {
      if (gone) said.value = '';
    },
  );
  // Paid meanwhile (the customer, on the display), the sale is over: nothing is left to cancel.
  watch(
    () => checkout.step,
    (step) => {
      if (step === 'done') keep();
    },
  );

  /** Asks before canceling `order` when it moves the customer's points; else runs `cancel` at once. */
  async function ask(kind: SaleCancelKind, order: CanceledSale, cancel: () => Promise<void>): Promise<void> {
    if (reading.value || asked.value) return;
    reading.value = true;
    let points = '';
    try {
      points = cancelPointsPreview(await readRefundPoints(useSessionStore().api, order.orderId));
    } finally {
      reading.value = false;
    }
    if (!points) return cancel();
    go = cancel;
    asked.value = {
      title: `Cancel order ${order.orderNumber}?`,
      message: cancelAskWords(kind, order.orderNumber),
      points: `${points}${rewardKeptWords(kind, rewardTyped())}`,
      confirm: kind === 'cart' ? 'Cancel order, back to cart' : `Cancel order ${order.orderNumber}`,
      keep: kind === 'cart' ? 'Keep paying' : 'Keep the order',
    };
  }

  /** The cashier said yes: the cancel asked for is made. */
  async function confirm(): Promise<void> {
    const cancel = go;
    keep();
    await cancel?.();
  }

  /** The cashier kept the order: nothing is canceled. */
  function keep(): void {
    asked.value = null;
    go = null;
  }

  /** "Cancel order, back to cart" of the cart's own sale: its order is canceled, its lines stay in the cart. */
  async function backToCart(): Promise<void> {
    const sale = checkout.ticket;
    if (!sale || checkout.owner) return;
    await ask('cart', sale, async () => {
      if (!(await checkout.cancelSale())) return;
      const points = await readCanceledPoints(useSessionStore().api, ECOMMERCE, sale.orderId);
      if (points && checkout.step === 'cart' && !checkout.ticket) {
        said.value = saleCanceledWords('cart', sale.orderNumber, points, rewardTyped());
      }
    });
  }

  return { asked, reading, said, ask, confirm, keep, backToCart };
});
