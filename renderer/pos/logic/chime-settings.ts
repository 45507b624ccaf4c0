import type { QueueOrder } from '../../../shared/contracts/pickup';

const KEY = 'servicepay-pickup-chime';

/** Whether this register chimes for a new online order: off unless turned on here (each register decides). */
export function loadChime(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/** Keeps the choice on this computer. */
export function saveChime(on: boolean, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode, full): the choice lasts until the window closes.
  }
}

/**
 * Whether a queue just read brings a new order to chime for: one this register had not seen,
 * still waiting to be picked. The first read (`seen` null) lists what was already there: no chime.
 */
export function shouldChime(
  enabled: boolean,
  seen: ReadonlySet<string> | null,
  orders: readonly Pick<QueueOrder, 'orderId' | 'fulfillmentStatus'>[],
): boolean {
  if (!enabled || seen === null) return false;
  return orders.some((order) => order.fulfillmentStatus === 'AWAITING_PROCESSING' && !seen.has(order.orderId));
}
