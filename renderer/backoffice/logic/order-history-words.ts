import type { OrderHistory, OrderHistoryStep } from '../../../shared/contracts/order-history';
import { refundPointsWords } from '../../../shared/loyalty/order-moves';
import { methodLabel } from '../../../shared/labels';
import { formatMoney } from '../../../shared/money';
import type { OrderSource, OrderStatus } from '../../../shared/order-status';
import { storeDayTime } from '../../../shared/store-time';

/** A step in words, with when (the store's time) and by whom. */
export interface HistoryLine {
  what: string;
  when: string;
  /** "by Casey Cashier"; empty when who is not known. */
  by: string;
  /** The reason given (a void, a refund, a cancel), as the person wrote it, or empty. */
  why: string;
  /**
   * What the step moved of the customer's points ("18 points taken back from Maria Garcia, 31 given
   * back"), or empty: said after who made the step and their reason, never between the step and its
   * "by …", where the points would read as given back by the manager.
   */
  points: string;
  /** What the service noted of the step, not the person's words ("Items back: …"), or empty. */
  details: string;
}

/** A status reached, in words: "Picking started", "Packed, ready for pickup", "Picked up". */
function statusWords(from: OrderStatus | null, to: OrderStatus | null, source: OrderSource): string {
  switch (to) {
    case 'AWAITING_PROCESSING':
      if (from === null) return source === 'online' ? 'Ordered online' : 'Rung up at a register';
      return from === 'PAID' || from === 'AUTHORIZED' ? 'Reopened: awaiting payment again' : 'Awaiting payment';
    case 'AUTHORIZED':
      return 'Payment authorized, not captured yet';
    case 'PAID':
      return from === 'AUTHORIZED' ? 'Authorized payment captured: paid in full' : 'Paid in full';
    case 'IN_PROCESS':
      return from === 'PACKED_READY' ? 'Unpacked: being picked again' : 'Picking started';
    case 'PACKED_READY':
      return 'Packed, ready for pickup';
    case 'COMPLETED':
      return source === 'online' ? 'Picked up' : 'Handed over';
    case 'CANCELED':
      return 'Canceled';
    default:
      return 'Status changed';
  }
}

function moneyWords(step: OrderHistoryStep): string {
  const method = step.method ? methodLabel(step.method) : 'A';
  const amount = formatMoney(step.amount ?? 0);
  if (step.kind === 'refund') return `${amount} of the ${method} payment refunded`;
  if (step.kind === 'void') return `${method} payment of ${amount} voided`;
  return `${method} payment of ${amount} taken`;
}

/** The order's history as its detail lists it, oldest first, each time the store's ("Today, 7:36 AM": the heading names the zone). */
export function historyLines(history: OrderHistory, timeZone: string, now = new Date()): HistoryLine[] {
  return history.steps.map((step) => ({
    what: step.kind === 'status' ? statusWords(step.from, step.to, history.source) : moneyWords(step),
    when: storeDayTime(step.at, timeZone, now),
    by: step.by ? `by ${step.by}` : '',
    why: step.reason,
    points: step.points ? refundPointsWords(step.points, history.customerName) : '',
    details: step.details,
  }));
}
