import { offTheCartWords } from './off-the-cart';
import type { CheckoutStep } from './checkout-step';

/** Where the sale stands when the cashier asks to sign out. */
export interface SignOutState {
  step: CheckoutStep;
  /** The checkout is an order taken over here (an online order handed over): the cart waits meanwhile. */
  adopted: boolean;
  orderNumber: string | null;
  /** The cart's items (a weighed line is one), its total in cents (null before a quote), its customer. */
  units: number;
  totalCents: number | null;
  customerName: string;
  /** Asked on the lock screen: the register is locked already, so the way to keep the sale is to unlock. */
  locked?: boolean;
}

/** What Sign out asks before it goes, in words; null when nothing would be lost and it goes at once. */
export type SignOutAsk =
  /** A payment is under way: the register does not sign out from under it. */
  | { kind: 'paying'; title: string; message: string }
  /** A sale is in the cart: signing out clears it, as Clear sale does, so it is asked first. */
  | { kind: 'sale'; title: string; message: string };

const PAYING: ReadonlySet<CheckoutStep> = new Set(['creating', 'review', 'display', 'pos']);

/** What the sale in progress is called in a sentence. */
function orderWords(state: SignOutState): string {
  if (!state.orderNumber) return 'The order';
  return `${state.adopted && state.step === 'review' ? 'Online order' : 'Order'} ${state.orderNumber}`;
}

/**
 * Sign out's question. While an order is made or paid, the register must stay to see its payment
 * through (the checkout follows the payment, hands out change, opens the drawer): the cashier
 * finishes or cancels it first, or locks the register, which keeps the payment going. A sale in the
 * cart (the one a paid order leaves is over; a hand-over's waiting sale is not) is asked about, as
 * Clear sale asks: what goes with it (the customer, their checked ID, codes) cannot be put back.
 */
export function signOutAsk(state: SignOutState): SignOutAsk | null {
  if (PAYING.has(state.step)) {
    const order = orderWords(state);
    const being =
      state.step === 'creating' ? 'being made' : state.step === 'review' ? 'being handed over' : 'being paid';
    return {
      kind: 'paying',
      title: 'Finish the payment first',
      message: `${order} is ${being}. Finish or cancel it on the checkout before signing out: a payment taken after you sign out would have no one here to see it through. ${state.locked ? 'Unlock the register to see it through.' : 'To step away meanwhile, lock the register: the payment carries on.'}`,
    };
  }
  const waiting = state.step === 'cart' || (state.step === 'done' && state.adopted);
  if (!waiting || state.units === 0) return null;
  return {
    kind: 'sale',
    title: 'Sign out and clear this sale?',
    message: `${offTheCartWords(state.units, state.totalCents, state.customerName)}. ${state.locked ? 'To keep the sale, unlock the register instead.' : 'To keep the sale for later, lock the register instead.'}`,
  };
}
