import type { RefundPoints } from '../../shared/contracts/refund-points';
import { refundPreviewWords } from '../../shared/loyalty/order-moves';
import { refundPointsMoves } from '../../shared/loyalty/refund-points';
import type { Cents } from '../../shared/money';

/**
 * What a refund about to be made (the back office's refund, the POS's return) will move of the
 * customer's points, counted as the service's ledger will count them (shared/loyalty/refund-points.ts):
 * "Maria's points: this refund takes back 12 earned on the sale and gives back 30 spent on it." ''
 * when the sale moved no points (`points.sale` null), they are not read yet, or nothing is refunded.
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
  const moves = refundPointsMoves(points.sale, { amountCents, lines: chosen });
  return refundPreviewWords(moves, points.customer, what);
}
