/**
 * The life of an order (ticket). Two things are tracked apart, and one status tells both:
 * - where the order is in the store (`FulfillmentStatus`): awaiting, being picked (`IN_PROCESS`),
 *   packed and ready for pickup (`PACKED_READY`), handed over (`COMPLETED`) or `CANCELED`;
 * - whether its money is in (`OrderPaymentStatus`): `UNPAID`, `AUTHORIZED` (an ACH authorization
 *   not captured yet) or `PAID`.
 * An order is worked whether or not it is paid, and payment may come at any stage before it is
 * handed over. The ticket's `status` (spec 2.2) is the stage, except before the store works the
 * order, where it says how it is paid: `AWAITING_PROCESSING`, `AUTHORIZED` or `PAID`.
 */
export const ORDER_STATUSES = [
  'AWAITING_PROCESSING',
  'AUTHORIZED',
  'PAID',
  'IN_PROCESS',
  'PACKED_READY',
  'COMPLETED',
  'CANCELED',
] as const;

/** One state of an order, as the ticket's `status` says it. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order is in the store, paid or not. */
export const FULFILLMENT_STATUSES = [
  'AWAITING_PROCESSING',
  'IN_PROCESS',
  'PACKED_READY',
  'COMPLETED',
  'CANCELED',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** Whether an order's money is in: none or not all, authorized in full (not captured), or captured in full. */
export const ORDER_PAYMENT_STATUSES = ['UNPAID', 'AUTHORIZED', 'PAID'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** Where an order came from: a shop, through the ticket API (`online`), or a sale rung up at a register. */
export const ORDER_SOURCES = ['online', 'register'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** An order's status with how it is paid: everything its moves are checked against. */
export interface OrderState {
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
}

/** Where an order in `status` is in the store. */
export function fulfillmentOf(status: OrderStatus): FulfillmentStatus {
  return status === 'PAID' || status === 'AUTHORIZED' ? 'AWAITING_PROCESSING' : status;
}

/** The ticket's status of an order at `stage`, paid as `payment` says. */
export function statusOf(stage: FulfillmentStatus, payment: OrderPaymentStatus): OrderStatus {
  if (stage !== 'AWAITING_PROCESSING') return stage;
  return payment === 'UNPAID' ? 'AWAITING_PROCESSING' : payment;
}

/**
 * The moves of the status. Payments make the moves between AWAITING_PROCESSING, AUTHORIZED and PAID
 * (a void or full refund of a paid order not yet worked reopens it); the store makes the others.
 * Completing also needs the order paid, and canceling needs it to hold no money: those are
 * checked against its payment status (`refusalOf`). A sale rung up at a register makes two moves
 * of its own, by its payments, never asked for: PAID → COMPLETED as it is paid (handed over across
 * the counter), and COMPLETED → AWAITING_PROCESSING when a void leaves it uncovered (the service's
 * tickets/counter-sales.ts).
 */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_PROCESSING: ['AUTHORIZED', 'PAID', 'IN_PROCESS', 'CANCELED'],
  AUTHORIZED: ['PAID', 'AWAITING_PROCESSING', 'IN_PROCESS', 'CANCELED'],
  // A paid order is canceled once its money went back (a void or refund reopens it first).
  PAID: ['AWAITING_PROCESSING', 'IN_PROCESS'],
  IN_PROCESS: ['PACKED_READY', 'CANCELED'],
  // Back to picking: the bag is opened again to change what is in it (before it is paid).
  PACKED_READY: ['COMPLETED', 'IN_PROCESS', 'CANCELED'],
  COMPLETED: [],
  CANCELED: [],
};

/** True when an order in `from` may move to `to` (its payment aside: see `refusalOf`). */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states an order in `from` may move to next. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** An order's state with its total in cents, where the caller has it (an order's record does). */
export type OrderStateWithTotal = OrderState & { totals?: { total: number } };

/**
 * True for a paid order that holds no money: its total is $0.00 (reward dollars or discounts cover
 * all of it), so it owes nothing and is paid as it is made, with no payment (the payments' rule,
 * `settledStatus`, makes an order paid once its approved payments reach its total). Having no money
 * to give back, it is canceled and its lines are changed as an unpaid order's are; it is handed over
 * as any paid order is.
 */
export function paidWithoutMoney(order: OrderStateWithTotal): boolean {
  return order.paymentStatus === 'PAID' && order.totals?.total === 0;
}

/**
 * Why the store may not move an order from `from` to the stage `to`, in words (null: it may); an
 * order being picked names its picker. Payments refuse a paid order's cancel first, naming the
 * money to give back; the refusal here is the rule behind it. A paid order holding no money
 * (`paidWithoutMoney`) moves as an unpaid one at its stage, but is handed over.
 */
export function refusalOf(
  number: string,
  from: OrderStateWithTotal & { picker?: string | null },
  to: FulfillmentStatus,
): string | null {
  const stage = fulfillmentOf(from.status);
  if (stage === to) {
    // Two registers starting one order: the one that lost is told who has it.
    const by = to === 'IN_PROCESS' && from.picker ? ` by ${from.picker}` : '';
    return `order ${number} is already ${STAGE_WORDS[to]}${by}`;
  }
  const free = paidWithoutMoney(from);
  if (to === 'CANCELED' && from.paymentStatus === 'PAID' && !free && stage !== 'COMPLETED') {
    return `order ${number} is paid: void or refund its payments before it is canceled`;
  }
  if (!canTransition(free ? statusOf(stage, 'UNPAID') : from.status, to)) {
    return `order ${number} is ${STAGE_WORDS[stage]} and cannot be ${MOVE_WORDS[to]}`;
  }
  if (to === 'COMPLETED' && from.paymentStatus !== 'PAID') {
    return `order ${number} is not paid: take its payment before it is handed over`;
  }
  return null;
}

/**
 * Why an order's lines may not change now, in words (null: they may). Lines change only before the
 * order is paid (an ACH authorization is captured for the final amount: see the payments' own check)
 * and before it is packed: a packed order is opened again (back to IN_PROCESS) first. A paid order
 * holding no money (`paidWithoutMoney`) changes as an unpaid one: it owes again once its total is
 * more than $0.00.
 */
export function editRefusalOf(number: string, order: OrderStateWithTotal): string | null {
  const stage = fulfillmentOf(order.status);
  if (stage === 'COMPLETED' || stage === 'CANCELED') {
    return `order ${number} is ${STAGE_WORDS[stage]}: its lines can no longer change`;
  }
  if (order.paymentStatus === 'PAID' && !paidWithoutMoney(order)) {
    return `order ${number} is paid: its lines change only before payment (void or refund the payment first)`;
  }
  if (stage === 'PACKED_READY') {
    return `order ${number} is ${STAGE_WORDS[stage]}: move it back to IN_PROCESS (open the bag) before changing its lines`;
  }
  return null;
}

/** An order's stage, as a sentence says it ("order X is … "). */
export const STAGE_WORDS: Record<FulfillmentStatus, string> = {
  AWAITING_PROCESSING: 'waiting to be picked',
  IN_PROCESS: 'being picked',
  PACKED_READY: 'packed and ready for pickup',
  COMPLETED: 'picked up',
  CANCELED: 'canceled',
};

/** A move to a stage, as a sentence says it ("… cannot be …"). */
const MOVE_WORDS: Record<FulfillmentStatus, string> = {
  AWAITING_PROCESSING: 'put back in the queue',
  IN_PROCESS: 'picked',
  PACKED_READY: 'packed',
  COMPLETED: 'handed over',
  CANCELED: 'canceled',
};

/** True for a string that names an order status. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
