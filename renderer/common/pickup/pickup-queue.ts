import type { QueueOrder } from '../../../shared/contracts/pickup';
import type { FulfillmentStatus } from '../../../shared/order-status';

/** The stages the register's Online orders tab shows, in the order a picker works them. */
export type QueueStage = Extract<FulfillmentStatus, 'AWAITING_PROCESSING' | 'IN_PROCESS' | 'PACKED_READY'>;

/** One stage's orders, soonest promised first, under the heading people read. */
export interface QueueGroup {
  stage: QueueStage;
  title: string;
  orders: QueueOrder[];
}

/** The tab's groups, top to bottom. */
export const STAGES: readonly { stage: QueueStage; title: string }[] = [
  { stage: 'AWAITING_PROCESSING', title: 'New' },
  { stage: 'IN_PROCESS', title: 'Picking' },
  { stage: 'PACKED_READY', title: 'Ready for pickup' },
];

/** An order without a promise (a store with no hours) sorts by when it was placed, after the promised ones. */
function promised(order: QueueOrder): [number, string] {
  return order.promisedAt === null ? [1, order.placedAt] : [0, order.promisedAt];
}

/** Soonest promised first; unpromised ones after, oldest first; the order number breaks a tie. */
export function bySoonestPromised(a: QueueOrder, b: QueueOrder): number {
  const [aLate, aAt] = promised(a);
  const [bLate, bAt] = promised(b);
  if (aLate !== bLate) return aLate - bLate;
  const at = Date.parse(aAt) - Date.parse(bAt);
  return at !== 0 ? at : a.orderNumber.localeCompare(b.orderNumber);
}

/** The queue grouped by stage (New, Picking, Ready for pickup), each soonest promised first. */
export function groupQueue(orders: readonly QueueOrder[]): QueueGroup[] {
  return STAGES.map(({ stage, title }) => ({
    stage,
    title,
    orders: orders.filter((order) => order.fulfillmentStatus === stage).sort(bySoonestPromised),
  }));
}

/** What the tab's badge counts: the open online orders that still need the store (to pick, or to hand over). */
export interface QueueCount {
  /** Every order still to be picked, being picked, or packed and waiting for its customer. */
  open: number;
  /** Of those, the ones nobody started yet. */
  fresh: number;
  /** Packed and waiting for their customer. */
  ready: number;
}

export function queueCount(orders: readonly QueueOrder[]): QueueCount {
  const stages = STAGES.map(({ stage }) => stage as FulfillmentStatus);
  const open = orders.filter((order) => stages.includes(order.fulfillmentStatus));
  return {
    open: open.length,
    fresh: open.filter((order) => order.fulfillmentStatus === 'AWAITING_PROCESSING').length,
    ready: open.filter((order) => order.fulfillmentStatus === 'PACKED_READY').length,
  };
}

/**
 * Overdue: not packed by the time it was promised. The service says so as of its read; between
 * reads the register's clock (set to the service's by `skewMs`) moves it on.
 */
export function isOverdue(order: QueueOrder, serviceNow: number): boolean {
  if (order.overdue) return true;
  if (order.fulfillmentStatus === 'PACKED_READY' || order.promisedAt === null) return false;
  return Date.parse(order.promisedAt) < serviceNow;
}
