import type { SalePoints } from '../contracts/refund-points.js';
import { earnedKept } from './line-points.js';
import { keptOf } from './points.js';

/**
 * What a sale keeps of its points as its refunds weigh them (README "Loyalty"), the service's ledger
 * (electron/server/loyalty/order-loyalty.ts) and a refund about to be made alike, so the POS's return
 * and the back office's refund say before it is made what it will move of the customer's points.
 */

/** The points a sale keeps now: earned (less what refunds took back) and spent (less what they gave back). */
export interface KeptPoints {
  earned: number;
  spent: number;
}

/**
 * What the sale keeps of its points: refunds by items take back the points of their lines, those by
 * amount their money's share once (shared/loyalty/line-points.ts earnedKept); the reward dollars'
 * points are given back as the money goes back (rounded up: the sale keeps a part of a point whole),
 * all of them once it is canceled.
 */
export function pointsKept(sale: SalePoints, canceled = false): KeptPoints {
  const returned = sale.chargedCents > 0 ? sale.refundedCents / sale.chargedCents : 0;
  let earned = sale.earned === null ? 0 : keptOf(sale.earned, returned, 'down');
  if (sale.earned !== null && sale.refunds.length > 0) {
    const money = { chargedCents: sale.chargedCents, refunds: sale.refunds };
    earned = earnedKept(sale.earned, sale.lines, sale.excludedTypes, money);
  }
  return { earned, spent: canceled ? 0 : keptOf(sale.spent, returned, 'up') };
}

/** A refund about to be made: its cents (all its payments' parts), and the thousandths of each line it gives back. */
export interface RefundAsked {
  amountCents: number;
  /** By order line (`order_items.id`); empty for a refund of an amount. */
  lines: ReadonlyMap<string, number>;
}

/**
 * What a refund (or a cancel) moves of the customer's points: earned points taken back, spent points
 * given back, and of those taken back, the ones that had expired already (`expired`): the ledger
 * writes them back beside the take-back, so the balance loses only `takenBack - expired`.
 */
export interface RefundMoves {
  takenBack: number;
  givenBack: number;
  expired: number;
}

/**
 * Of `takenBack` earned points, those that had expired since the sale earned them (`expiredSince`:
 * the customer's expired points not made up for yet): gone from the balance already, so a refund
 * does not take them again (OrderLoyalty writes them back as an `expired` entry above 0).
 */
export function expiredOfTaken(takenBack: number, expiredSince: number): number {
  return Math.max(0, Math.min(takenBack, expiredSince));
}

/** The moves from what the sale keeps `before` to what it keeps `after`. */
function movesBetween(before: KeptPoints, after: KeptPoints, expiredSince: number): RefundMoves {
  const takenBack = Math.max(0, before.earned - after.earned);
  const givenBack = Math.max(0, before.spent - after.spent);
  return { takenBack, givenBack, expired: expiredOfTaken(takenBack, expiredSince) };
}

/**
 * What `refund` would move of the sale's points, as the service's ledger will write it: what the
 * sale keeps now less what it keeps with the refund made (a refund split over payments counts once,
 * with all its parts' cents: its parts name the same lines). `expiredSince`: the customer's points
 * expired since the sale earned (`RefundPoints.expired`).
 */
export function refundPointsMoves(sale: SalePoints, refund: RefundAsked, expiredSince = 0): RefundMoves {
  if (refund.amountCents <= 0 && refund.lines.size === 0) return { takenBack: 0, givenBack: 0, expired: 0 };
  const after = pointsKept({
    ...sale,
    refundedCents: sale.refundedCents + refund.amountCents,
    refunds: [...sale.refunds, { amountCents: refund.amountCents, byItems: refund.lines.size > 0 }],
    lines: sale.lines.map((line) => ({
      ...line,
      returnedMilli: Math.min(line.quantityMilli, line.returnedMilli + (refund.lines.get(line.itemId) ?? 0)),
    })),
  });
  return movesBetween(pointsKept(sale), after, expiredSince);
}

/**
 * What canceling the order would move of its points, as the ledger will write it: all it keeps now,
 * since a canceled order keeps none (it earns nothing, not being paid, and its reward dollars' points
 * go back).
 */
export function cancelPointsMoves(sale: SalePoints, expiredSince = 0): RefundMoves {
  return movesBetween(pointsKept(sale), pointsKept({ ...sale, earned: null }, true), expiredSince);
}
