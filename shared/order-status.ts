/** The life of an order (ticket) and the only transitions allowed between its states. */
export const ORDER_STATUSES = [
  'AWAITING_PROCESSING',
  'AUTHORIZED',
  'PAID',
  'IN_PROCESS',
  'PACKED_READY',
  'COMPLETED',
  'CANCELED',
] as const;

/** One state of an order. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  AWAITING_PROCESSING: ['AUTHORIZED', 'PAID', 'CANCELED'],
  // ACH is authorize-then-capture: an authorized order becomes PAID when its payment is captured.
  AUTHORIZED: ['PAID', 'IN_PROCESS', 'CANCELED'],
  PAID: ['IN_PROCESS'],
  IN_PROCESS: ['PACKED_READY'],
  PACKED_READY: ['COMPLETED'],
  COMPLETED: [],
  CANCELED: [],
};

/** True when an order in `from` may move to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states an order in `from` may move to next. */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from];
}

/** True for a string that names an order status. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
