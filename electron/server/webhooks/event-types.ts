import type { WebhookEventType } from '../../../shared/contracts/webhooks.js';
import type { PaymentStatus } from '../../../shared/contracts/payment.js';
import type { OrderStatus } from '../../../shared/order-status.js';

/**
 * The event an order's status change announces, or null when integrators are not told of it
 * (fulfilment steps). `from` is null for a new order.
 */
export function orderEventType(from: OrderStatus | null, to: OrderStatus): WebhookEventType | null {
  if (from === null) return 'order.created';
  if (to === 'PAID') return 'order.paid';
  if (to === 'AUTHORIZED') return 'order.authorized';
  if (to === 'CANCELED') return 'order.canceled';
  if (to === 'AWAITING_PROCESSING' && (from === 'PAID' || from === 'AUTHORIZED')) return 'order.reopened';
  return null;
}

/**
 * The event a payment's new status announces: approved, declined, voided (a refund is announced by
 * the refund itself). A capture (approved to approved), a cancel or an error announce nothing.
 */
export function paymentEventType(from: PaymentStatus, to: PaymentStatus): WebhookEventType | null {
  if (from === to) return null;
  if (to === 'approved' || to === 'declined' || to === 'voided') return `payment.${to}`;
  return null;
}
