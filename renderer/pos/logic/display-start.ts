import type { DisplayState } from '../../../shared/contracts/display';
import type { OrderState } from '../../../shared/order-status';
import { isSettled } from './checkout-step';

/**
 * What a register that starts with nothing on its sale (after sign-in, or a reload) does with what
 * its pole display still shows: the service keeps the last state set for the terminal until another
 * replaces it, so a window closed mid-sale leaves its cart there. `idle`: take it off; `keep`: leave
 * it; `order`: a payment, which goes only once its order needs none (paymentOver).
 */
export type DisplayAtStart = 'idle' | 'keep' | 'order';

/**
 * A cart (or the counter's payment, shown as a cart) no window holds any more goes; a payment may
 * be the customer's, under way on the display, so its order decides; idle stays, and so does a
 * thank-you (the display idles it by itself).
 */
export function displayAtStart(state: DisplayState): DisplayAtStart {
  if (state.phase === 'cart') return 'idle';
  if (state.phase === 'payment') return 'order';
  return 'keep';
}

/**
 * The payment on the display is over when its order needs no more money: paid (or authorized),
 * handed over, canceled, or gone (null: the service does not know it).
 */
export function paymentOver(order: OrderState | null): boolean {
  if (!order) return true;
  return order.status === 'CANCELED' || order.status === 'COMPLETED' || isSettled(order.paymentStatus);
}
