import type { EarlierRefund } from './amount-shares.js';

/** An approved refund of a sale's payment as read: its payment and what that paid toward the order, when, its cents and lines. */
export interface SaleRefundRow {
  id: string;
  paymentId: string;
  /** What its payment paid toward the order (its amount, no tip). */
  paidCents: number;
  at: string;
  amountCents: number;
  /** The lines it gave back (refund_lines); empty for a refund by amount. */
  lines: readonly { itemId: string; quantityMilli: number }[];
}

/**
 * A sale's refunds (`rows`, of its order's payments) oldest first (ids break a tie), as
 * amount-shares.ts replays them: each refund by items with its lines, each refund by amount with what
 * it gave back toward the sale as the reports count it (refund-parts.ts): less any tip (what it gave
 * back beyond what its payment paid toward the order, after that payment's earlier refunds), and left
 * out when made before the sale closed at `closedAt` (money of no sale).
 */
export function earlierRefunds(rows: readonly SaleRefundRow[], closedAt: string | null): EarlierRefund[] {
  const sorted = [...rows].sort((a, b) => compare(a.at, b.at) || compare(a.id, b.id));
  const refundedOf = new Map<string, number>();
  return sorted.flatMap((row): EarlierRefund[] => {
    const before = refundedOf.get(row.paymentId) ?? 0;
    refundedOf.set(row.paymentId, before + row.amountCents);
    const tipOf = (refunded: number) => Math.max(0, refunded - row.paidCents);
    const tip = tipOf(before + row.amountCents) - tipOf(before);
    if (row.lines.length === 0 && (closedAt === null || row.at < closedAt)) return [];
    return [{ amountCents: row.amountCents - tip, lines: row.lines }];
  });
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
