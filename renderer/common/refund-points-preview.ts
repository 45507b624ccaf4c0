import type { RefundPoints } from '../../shared/contracts/refund-points';
import { refundPreviewWords } from '../../shared/loyalty/order-moves';
import { cancelPointsMoves, refundPointsMoves } from '../../shared/loyalty/refund-points';
import type { Cents } from '../../shared/money';
import type { Api } from './http';

/**
 * An order's points as a refund or a cancel weighs them (`GET /v2.0/ticket/<id>/refund-points`); null
 * when they cannot be read: the previews inform, and the refund, return or cancel does not need them.
 */
export function readRefundPoints(api: Pick<Api, 'get'>, orderId: string): Promise<RefundPoints | null> {
  return api.get<RefundPoints>(`/v2.0/ticket/${encodeURIComponent(orderId)}/refund-points`).catch(() => null);
}

/**
 * What a refund about to be made (the back office's refund, the POS's return) will move of the
 * customer's points, counted as the service's ledger will count them (shared/loyalty/refund-points.ts):
 * "Maria's points: this refund takes back 12 earned on the sale and gives back 30 spent on it.", with
 * the earned points that had expired since said apart. '' when the sale moved no points (`points.sale`
 * null), they are not read yet, or nothing is refunded.
 * `lines`: the thousandths of each order line that come back (none for a refund of an amount).
 */
export function refundPointsPreview(
  points: RefundPoints | null,
  amountCents: Cents,
  lines: readonly { itemId: string; milli: number }[] = [],
  what: 'return' | 'refund' = 'refund',
): string {
  const chosen = new Map(lines.filter((line) => line.milli > 0).map((line) => [line.itemId, line.milli]));
  if (!points?.sale || (amountCents <= 0 && chosen.size === 0)) return '';
  const moves = refundPointsMoves(points.sale, { amountCents, lines: chosen }, points.expired);
  return refundPreviewWords(moves, points.customer, what);
}

/**
 * What canceling the order will move of the customer's points, by the same rule: "Maria's points:
 * canceling the order gives back 120 spent on it." '' when the order moved no points, or they are
 * not read yet.
 */
export function cancelPointsPreview(points: RefundPoints | null): string {
  if (!points?.sale) return '';
  return refundPreviewWords(cancelPointsMoves(points.sale, points.expired), points.customer, 'cancel');
}
