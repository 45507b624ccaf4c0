import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import { netOfRefunds } from './receipt-lines.js';

/** What refunds by items gave back of one sold package line (README "Refunds by items"). */
export interface LineReturned {
  /** Thousandths of the line that came back (`order_items.refunded_quantity_milli`). */
  milli: number;
  /** What that part was worth before tax (before refunds by amount took their share of it). */
  cents: number;
}

/** Every refund of a sale so far, as its receipt counts them (cents, tax included). */
export interface SaleRefunds {
  /** All the money given back against the sale (its refund records, this one included). */
  refunded: number;
  /** Of it, what refunds by items gave back. */
  byItems: number;
  /** What the lines given back were worth with tax (before refunds by amount took their share), out of `orderTotal`. */
  itemsWorth: number;
  /**
   * Of the refunds of an amount, what the lines given back after them took along (their share: the
   * lines' worth less what their refunds gave back for them, Σ `refund_lines.amount_cents`); 0 when none.
   */
  takenAlong?: number;
  orderTotal: number;
}

/**
 * The sale's package lines as the customer kept them, after every refund so far; `returned[i]` is
 * what came back of `sale[i]`. Recomputed whole at each refund from the sale (the state's receipt is
 * corrected in place), so the refunds add up the same in any order:
 * 1. refunds by items give packages back: a line's quantity is lowered by what came back of it and
 *    its amount by what that part was worth before tax (exact cents, never below 0). A line all of
 *    which came back is left out: the receipt names only what is still sold, as Metrc takes a
 *    return (a package left off an updated receipt is returned to it);
 * 2. refunds of an amount only (the money not given back by items) give money back, not packages:
 *    the kept lines' amounts are lowered by the share that money (less what lines given back after
 *    it took along) is of what the customer kept (the order's total less what the lines given back
 *    were worth), spread to the cent (`netOfRefunds`).
 * A refund by items for less than its lines are worth (a damaged return) still gives its lines back
 * whole; the share stays on the amounts that refunds of an amount gave back. An empty answer: every
 * package came back (its sale is voided).
 */
export function keptLines(
  sale: readonly StateRecordLine[],
  returned: readonly (LineReturned | undefined)[],
  refunds: SaleRefunds,
): StateRecordLine[] {
  const kept = sale.flatMap((line, index) => {
    const back = returned[index];
    if (!back || back.milli <= 0) return [line];
    const milli = Math.round(line.quantity * 1000) - back.milli;
    if (milli <= 0) return [];
    return [{ ...line, quantity: milli / 1000, totalCents: Math.max(0, line.totalCents - back.cents) }];
  });
  const byAmount = Math.max(0, refunds.refunded - refunds.byItems - (refunds.takenAlong ?? 0));
  if (byAmount === 0) return kept;
  return netOfRefunds(kept, byAmount, refunds.orderTotal - refunds.itemsWorth);
}
