import type { LoyaltyEntryKind } from '../contracts/loyalty.js';
import type { RefundMoves } from './refund-points.js';

/**
 * What one order moved of its customer's points, each move apart: earned, taken back (by a refund or
 * a void), spent on its reward dollars, given back (by a refund or a cancel). Earned less taken back
 * and spent less given back are what its receipt says ("39 earned · 69 spent").
 */
export interface OrderPointsMoves {
  earned: number;
  takenBack: number;
  spent: number;
  givenBack: number;
}

/** The moves of the order's ledger entries (those of other orders left out by the caller); null when none moved. */
export function orderPointsMoves(
  entries: readonly { kind: LoyaltyEntryKind; points: number }[],
): OrderPointsMoves | null {
  const moves: OrderPointsMoves = { earned: 0, takenBack: 0, spent: 0, givenBack: 0 };
  for (const { kind, points } of entries) {
    if (kind === 'earned') moves.earned += points;
    if (kind === 'reversed') moves.takenBack -= points;
    if (kind === 'spent') moves.spent -= points;
    if (kind === 'returned') moves.givenBack += points;
  }
  return moves.earned === 0 && moves.spent === 0 ? null : moves;
}

const count = (points: number) => points.toLocaleString('en-US');

/**
 * The points line of an order as a manager reads it, net as its receipt says it, with what refunds
 * moved: "39 earned (57 less 18 taken back) · 69 spent (100 less 31 given back)"; "57 earned · 100
 * spent" before any refund; "none kept: 57 earned taken back, 100 spent given back" once nothing
 * is left of them (the spent points went back to the customer, the earned ones came off them).
 */
export function orderPointsWords(moves: OrderPointsMoves): string {
  const { earned, takenBack, spent, givenBack } = moves;
  const earnedLeft = Math.max(0, earned - takenBack);
  const spentLeft = Math.max(0, spent - givenBack);
  if (earnedLeft === 0 && spentLeft === 0) {
    const what = [earned ? `${count(earned)} earned taken back` : '', spent ? `${count(spent)} spent given back` : ''];
    return `none kept: ${what.filter(Boolean).join(', ')}`;
  }
  const part = (left: number, all: number, back: number, did: string, undone: string): string => {
    if (all === 0) return '';
    if (back === 0) return `${count(all)} ${did}`;
    if (left === 0) return `${count(all)} ${did}, all ${undone}`;
    return `${count(left)} ${did} (${count(all)} less ${count(back)} ${undone})`;
  };
  return [
    part(earnedLeft, earned, takenBack, 'earned', 'taken back'),
    part(spentLeft, spent, givenBack, 'spent', 'given back'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * What a refund, a void or a cancel moved of the order's points: "18 points taken back, 31 given
 * back"; naming the customer (`who`), "18 points taken back from Maria Garcia, 31 given back", "120
 * points given back to Maria Garcia"; empty: none. Of those taken back, the ones that had expired
 * already (`expired`, the ledger's `expired` entry beside them) are said apart as the refund's preview
 * says them: "…; 8 of the 12 earned had expired already and are not taken again".
 */
export function refundPointsWords(
  { takenBack, givenBack, expired = 0 }: { takenBack: number; givenBack: number; expired?: number },
  who?: string | null,
): string {
  const points = (n: number) => `${count(n)} point${n === 1 ? '' : 's'}`;
  const from = who ? ` from ${who}` : '';
  const apart = expiredWords(takenBack, expired);
  if (takenBack && givenBack) return `${points(takenBack)} taken back${from}, ${count(givenBack)} given back${apart}`;
  if (takenBack) return `${points(takenBack)} taken back${from}${apart}`;
  return givenBack ? `${points(givenBack)} given back${who ? ` to ${who}` : ''}` : '';
}

/**
 * What a refund about to be made (or a cancel) will move of the customer's points, said before it
 * is made, in the counts the ledger will then write (shared/loyalty/refund-points.ts): "Maria's
 * points: this return takes back 12 earned on the sale and gives back 30 spent on it." Earned points
 * that had expired since are said apart, as the ledger does not take them again: "…; 8 of the 12
 * earned had expired already and are not taken again." `who`: the customer's first name (null: not
 * known); `what`: "return" at the counter, "refund" elsewhere, "cancel" for an order canceled.
 */
export function refundPreviewWords(
  moves: RefundMoves,
  who: string | null,
  what: 'return' | 'refund' | 'cancel',
): string {
  const whose = who ? `${who}'s points` : "The customer's points";
  const { takenBack, givenBack, expired } = moves;
  const sale = what === 'cancel' ? 'it' : 'the sale';
  const taken = takenBack ? `takes back ${count(takenBack)} earned on ${sale}` : '';
  const given = givenBack ? `gives back ${count(givenBack)} spent on ${taken ? 'it' : sale}` : '';
  const does = [taken, given].filter(Boolean).join(' and ') || 'moves none of them';
  const subject = what === 'cancel' ? 'canceling the order' : `this ${what}`;
  return `${whose}: ${subject} ${does}${expiredWords(takenBack, expired)}.`;
}

/** "; 8 of the 12 earned had expired already and are not taken again" ('' when none had expired). */
function expiredWords(takenBack: number, expired: number): string {
  if (expired <= 0) return '';
  if (expired < takenBack)
    return `; ${count(expired)} of the ${count(takenBack)} earned had expired already and ${expired === 1 ? 'is' : 'are'} not taken again`;
  return expired === 1
    ? '; that 1 earned had expired already and is not taken again'
    : `; the ${count(expired)} earned had all expired already and are not taken again`;
}
