import type { LoyaltyEntryKind } from '../../../shared/contracts/loyalty.js';
import type { OrderHistory, OrderHistoryStep } from '../../../shared/contracts/order-history.js';
import { orderPointsMoves } from '../../../shared/loyalty/order-moves.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** A void's, a refund's or a cancel's ledger entries are written in its own write, just before its step. */
const SAME_WRITE_MS = 5_000;

interface Entry {
  kind: LoyaltyEntryKind;
  points: number;
  at: string;
}

/**
 * The order's loyalty entries (README "Loyalty"), read here with a query of its own (loyalty depends
 * on tickets, not the other way round), oldest first.
 */
export async function orderEntries(db: DataLayer, q: Queryable, orderId: string): Promise<Entry[]> {
  const rows = await q.all(
    db.builder
      .selectFrom('loyalty_ledger')
      .select(['kind', 'points', 'created_at as at'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .orderBy('id'),
  );
  return rows.map((row) => ({ kind: row.kind as LoyaltyEntryKind, points: Number(row.points), at: row.at }));
}

/**
 * The points the order moved (shared/loyalty/order-moves.ts, as its receipt nets them), and each void's,
 * refund's and cancel's step with the points taken back and given back in its write: the entries of
 * those kinds written at most a few seconds before the step and after the one before it. Of those
 * taken back, the ones that had expired already are the write's `expired` entry (the order's only
 * `expired` kind: OrderLoyalty.expiredAlready), said apart as the refund's preview says them.
 */
export function withPoints(
  steps: OrderHistoryStep[],
  entries: readonly Entry[],
): { steps: OrderHistoryStep[]; points: OrderHistory['points'] } {
  const points = orderPointsMoves(entries);
  if (points === null) return { steps, points: null };
  const undone = entries.filter((entry) => ['reversed', 'returned', 'expired'].includes(entry.kind));
  let used = 0;
  const placed = steps.map((step) => {
    const cancel = step.kind === 'status' && step.to === 'CANCELED';
    if (step.kind !== 'refund' && step.kind !== 'void' && !cancel) return step;
    const until = Date.parse(step.at);
    let takenBack = 0;
    let givenBack = 0;
    let expired = 0;
    while (used < undone.length && Date.parse(undone[used]!.at) <= until) {
      const entry = undone[used]!;
      used += 1;
      if (until - Date.parse(entry.at) > SAME_WRITE_MS) continue;
      if (entry.kind === 'reversed') takenBack -= entry.points;
      else if (entry.kind === 'expired') expired += entry.points;
      else givenBack += entry.points;
    }
    if (!takenBack && !givenBack) return step;
    return { ...step, points: expired ? { takenBack, givenBack, expired } : { takenBack, givenBack } };
  });
  return { steps: placed, points };
}
