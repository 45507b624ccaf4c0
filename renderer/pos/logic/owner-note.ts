import type { CheckoutStep } from './checkout-step';
import type { CheckoutOwner } from './checkout-owner';

/**
 * What the cart says while the checkout shows an order taken over here: an online order handed over
 * (its items on the left while it is reviewed, its payment while it is paid; the empty cart waits for
 * the next sale), or a sale the register left being paid, taken again (`paidBefore`: part of it was
 * paid then, so the rest is taken) with its items listed below the words.
 */
export function ownerNote(
  kind: CheckoutOwner['kind'],
  orderNumber: string,
  step: CheckoutStep,
  paidBefore: boolean,
): string {
  const waits = 'The cart waits for the next sale.';
  if (kind === 'online') {
    if (step === 'done') return `Online order ${orderNumber} is handed over: New sale starts the next one.`;
    const left = step === 'review' ? 'its items and total are on the left' : 'its payment is on the left';
    return `Handing over online order ${orderNumber}: ${left}. ${waits}`;
  }
  if (step === 'done') return `Order ${orderNumber} is paid: New sale starts the next one.`;
  const where = 'its items are below, its payment is on the left.';
  if (!paidBefore) return `Taking payment for order ${orderNumber} again (nothing of it was paid): ${where}`;
  return `Taking the rest of order ${orderNumber}, left paid in part: ${where}`;
}
