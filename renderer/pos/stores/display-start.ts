import type { DisplayResponse } from '../../../shared/contracts/display';
import type { Ticket } from '../../../shared/contracts/ticket';
import { ApiError } from '../../common/http';
import { displayAtStart, paymentOver } from '../logic/display-start';
import { useCartStore } from './cart';
import { setDisplay } from './pole-display';
import { DISPENSARY } from './catalog';
import { useCheckoutStore } from './checkout';
import { terminal, useSessionStore } from './session';

const DISPLAY = `/v2.0/dispensary/${DISPENSARY}/display/${terminal.terminalId}`;
const TICKET = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket`;

/**
 * The register starts (sign-in, reload) with an empty sale: what its display still shows of an
 * earlier one (logic/display-start) goes back to idle, unless the customer may be paying it. Reads
 * the display, and the order of a payment on it. Idle is what an empty sale shows, so it is set only
 * while the sale is still empty at the cart once they are read (the cashier may have started
 * selling meanwhile: the display follows that sale). A display or an order that cannot be read is
 * left as it is.
 */
export async function idleLeftoverDisplay(): Promise<void> {
  const { api } = useSessionStore();
  try {
    const { state } = (await api.get<DisplayResponse>(DISPLAY)).display;
    const leftover =
      state.phase === 'payment' ? await orderPaymentOver(state.payment.orderId) : displayAtStart(state) === 'idle';
    if (!leftover) return;
  } catch {
    return;
  }
  const cart = useCartStore();
  if (cart.isEmpty && !cart.mirrorPaused && useCheckoutStore().step === 'cart') await setDisplay({ phase: 'idle' });
}

/** Whether the order of the payment on the display needs no more money; throws when it cannot be read. */
async function orderPaymentOver(orderId: string): Promise<boolean> {
  const { api } = useSessionStore();
  try {
    return paymentOver(await api.get<Ticket>(`${TICKET}/${orderId}`));
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return paymentOver(null);
    throw failure;
  }
}
