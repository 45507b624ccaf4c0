import type { OrderHistory, OrderHistoryStep } from '../../shared/contracts/order-history';
import { refundPointsWords } from '../../shared/loyalty/order-moves';
import type { Api } from './http';

/**
 * What a cancel moved of the order's customer's points, as the order's history pairs them with its
 * step to Canceled (the service's count, written by the ledger): "120 points given back to Maria
 * Garcia"; '' when it moved none.
 */
export function canceledPointsWords(history: Pick<OrderHistory, 'steps' | 'customerName'>): string {
  const step = history.steps.findLast((one: OrderHistoryStep) => one.kind === 'status' && one.to === 'CANCELED');
  return step?.points ? refundPointsWords(step.points, history.customerName) : '';
}

/**
 * Reads the canceled order's history (`tickets`: the store's `…/ecommerce` path) for what its cancel
 * moved of the customer's points; '' when none moved or it cannot be read: the order is canceled
 * either way, and its history says the points.
 */
export async function readCanceledPoints(api: Pick<Api, 'get'>, tickets: string, orderId: string): Promise<string> {
  const path = `${tickets}/ticket/${encodeURIComponent(orderId)}/history`;
  try {
    return canceledPointsWords(await api.get<OrderHistory>(path));
  } catch {
    return '';
  }
}

/** " Loyalty: 120 points given back to Maria Garcia." after a cancel's sentence; '' when it moved none. */
export const loyaltyWords = (points: string): string => (points ? ` Loyalty: ${points}.` : '');
