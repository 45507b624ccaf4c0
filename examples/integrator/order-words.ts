import type { Order } from './ticket-shapes.js';
import type { OrderNews } from './webhook-receiver.js';

/**
 * What the shop tells its customer of an order, in words: the ticket API's codes (PAID,
 * PACKED_READY, order.ready) are for the shop's code, never shown to people.
 */

/** Where the order is, as the shop tells its customer. */
const STAGE: Record<string, string> = {
  AWAITING_PROCESSING: 'We have your order',
  IN_PROCESS: 'We are picking your order',
  PACKED_READY: 'Your order is ready for pickup',
  COMPLETED: 'Picked up. Thank you!',
  CANCELED: 'Your order was canceled',
};

/** What each webhook said, in the customer's words. */
const NEWS: Record<string, string> = {
  'order.created': 'Order received',
  'order.updated': 'The store changed its items (see the new total)',
  'order.paid': 'Payment received',
  'order.authorized': 'Bank payment authorized',
  'order.reopened': 'Payment returned: the order awaits payment',
  'order.in_process': 'The store started picking it',
  'order.ready': 'Packed and ready for pickup',
  'order.completed': 'Picked up',
  'order.canceled': 'Canceled',
  'payment.refunded': 'Money given back to you (see what was refunded)',
};

/** Cents as the shop writes money: "$24.40". */
export const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** What is paid and what is left to pay, and what came back (a return after pickup), for the order's page. */
function paidWords(order: Order): string {
  if (order.paymentStatus === 'PAID') {
    // A refund leaves a picked-up order paid: what went back is said, never "Paid." alone.
    return order.refunded > 0 ? `Paid ${dollars(order.total)}; ${dollars(order.refunded)} was refunded.` : 'Paid.';
  }
  if (order.paymentStatus === 'AUTHORIZED') return 'Bank payment authorized; it is taken when you pick the order up.';
  if (order.fulfillmentStatus === 'CANCELED') {
    return order.refunded > 0 ? `Canceled: ${dollars(order.refunded)} was refunded.` : 'Nothing was charged.';
  }
  // `paid` is what counts toward the balance (the ticket API's own figure): the rest is due.
  const held = order.paid;
  if (held > 0)
    return `Paid ${dollars(held)} of ${dollars(order.total)}: pay ${dollars(order.total - held)} at pickup (bring your ID).`;
  return `Pay ${dollars(order.total)} at pickup (bring your ID).`;
}

/** The order in one sentence, as the checkout says it once a payment answered: "Order X5YA2D is paid." */
export function orderSentence(order: Order): string {
  const name = `Order ${order.orderNumber}`;
  if (order.fulfillmentStatus === 'CANCELED') return `${name} was canceled.`;
  if (order.paymentStatus === 'PAID') return `${name} is paid.`;
  if (order.paymentStatus === 'AUTHORIZED') {
    return `${name} is paid by bank transfer: your bank authorized it, and it is taken when you pick the order up.`;
  }
  if (order.paid > 0) return `${name} is waiting for payment: ${dollars(order.total - order.paid)} is left to pay.`;
  return `${name} is waiting for payment.`;
}

/**
 * Why the checkout no longer offers to pay the order at pickup, or null while it may: an order its
 * payments cover takes no other payment (README "Tickets"), and a canceled one none at all.
 */
export function payAtPickupClosed(order: Order): string | null {
  if (order.fulfillmentStatus === 'CANCELED') return 'Paying at pickup is not offered: the order was canceled.';
  if (order.paymentStatus === 'PAID') return 'Paying at pickup is not offered: the order is paid.';
  if (order.paymentStatus === 'AUTHORIZED') {
    return 'Paying at pickup is not offered: your bank payment covers the order.';
  }
  return null;
}

/** What an order's page shows of it, rendered by the shop's server and kept current by the page's script. */
export interface OrderView {
  /** Where it is in the store (the ticket's fulfillmentStatus), and that in the customer's words. */
  stage: string;
  stageWords: string;
  /** When it will be ready, while the store has yet to pack it; null after. */
  eta: string | null;
  /** What is paid and what is left to pay. */
  paid: string;
  /** What the shop's webhook endpoint was told of it, in order, in the customer's words. */
  news: { type: string; words: string }[];
}

/** The order as its page shows it: `order` read from ServicePay now, `news` what the webhooks told. */
export function orderView(order: Order, news: readonly OrderNews[]): OrderView {
  const ready = order.fulfillmentStatus === 'AWAITING_PROCESSING' || order.fulfillmentStatus === 'IN_PROCESS';
  return {
    stage: order.fulfillmentStatus,
    stageWords: STAGE[order.fulfillmentStatus] ?? 'Your order',
    eta: ready ? order.eta : null,
    paid: paidWords(order),
    news: news.map((entry) => ({ type: entry.type, words: NEWS[entry.type] ?? entry.type })),
  };
}
