import type { WebhookEventType } from '../../../shared/contracts/webhooks.js';
import type { PaymentStatus } from '../../../shared/contracts/payment.js';
import type { OrderPaymentStatus, OrderStatus } from '../../../shared/order-status.js';
import type { OrderChange } from '../tickets/order-events.js';

/**
 * The event an order's change announces (`from` null: a new order), or null when integrators are
 * not told of it. A change of how it is paid is announced as such (paid, authorized, reopened:
 * awaiting payment again), at whatever stage the order is; then each stage of the store: picking
 * started, packed and ready for pickup, handed over, canceled.
 */
export function orderEventType(
  change: Pick<OrderChange, 'from' | 'to' | 'paymentFrom' | 'paymentTo'>,
): WebhookEventType | null {
  const { from, to, paymentFrom, paymentTo } = change;
  if (from === null) return 'order.created';
  if (to === 'CANCELED') return from === 'CANCELED' ? null : 'order.canceled';
  if (paymentFrom !== paymentTo) return PAYMENT_EVENTS[paymentTo];
  if (from === to) return null;
  return STAGE_EVENTS[to] ?? null;
}

const PAYMENT_EVENTS: Record<OrderPaymentStatus, WebhookEventType> = {
  PAID: 'order.paid',
  AUTHORIZED: 'order.authorized',
  UNPAID: 'order.reopened',
};

const STAGE_EVENTS: Partial<Record<OrderStatus, WebhookEventType>> = {
  IN_PROCESS: 'order.in_process',
  PACKED_READY: 'order.ready',
  COMPLETED: 'order.completed',
};

/**
 * The event a payment's new status announces: approved, declined, voided (a refund is announced by
 * the refund itself). A capture (approved to approved), a cancel or an error announce nothing.
 */
export function paymentEventType(from: PaymentStatus, to: PaymentStatus): WebhookEventType | null {
  if (from === to) return null;
  if (to === 'approved' || to === 'declined' || to === 'voided') return `payment.${to}`;
  return null;
}
