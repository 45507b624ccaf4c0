import type { CheckoutStep } from './checkout-step';
import type { CheckoutOwner } from './checkout-owner';

/**
 * What the empty cart says while the checkout shows an order taken over here: an online order
 * handed over (its items on the left while it is reviewed, its payment while it is paid), or a sale
 * left paid in part whose rest is taken here. The cart waits for the next sale either way.
 */
export function ownerNote(kind: CheckoutOwner['kind'], orderNumber: string, step: CheckoutStep): string {
  const waits = 'The cart waits for the next sale.';
  if (kind === 'online') {
    if (step === 'done') return `Online order ${orderNumber} is handed over: New sale starts the next one.`;
    const left = step === 'review' ? 'its items and total are on the left' : 'its payment is on the left';
    return `Handing over online order ${orderNumber}: ${left}. ${waits}`;
  }
  if (step === 'done') return `Order ${orderNumber} is paid: New sale starts the next one.`;
  return `Taking the rest of order ${orderNumber}, left paid in part: its payment is on the left. ${waits}`;
}
