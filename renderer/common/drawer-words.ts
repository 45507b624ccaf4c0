import type { CashMovementKind, ShiftView } from '../../shared/contracts/cash';
import { formatMoney } from './format';

import { CASH_MOVEMENT_LABELS as MOVEMENT_LABELS, movementBy } from '../../shared/labels';

export { overShortWords } from '../../shared/cash/expected-cash';
export { MOVEMENT_LABELS, movementBy };
export { FLOW_LINES, reportTitle } from '../../shared/receipt/drawer-report-words';

/** How over/short looks: short is a loss (danger), over is a mistake too (warning), balanced is good. */
export function overShortTone(cents: number): 'good' | 'short' | 'over' {
  if (cents === 0) return 'good';
  return cents < 0 ? 'short' : 'over';
}

/** The movements in the order staff are offered them (a value here: contracts stay types-only in bundles). */
export const MOVEMENT_KINDS = Object.keys(MOVEMENT_LABELS) as CashMovementKind[];

/** The expected cash of a shift for a list: "$212.50", or why it is not shown. */
export function expectedWords(shift: ShiftView): string {
  return shift.expected === null ? 'Hidden until the close' : formatMoney(shift.expected);
}

/**
 * A shift the store server closed as replaced, not counted (no Z number, no count): a manager counts
 * its drawer afterwards.
 */
export function awaitsCount(shift: Pick<ShiftView, 'status' | 'zNumber' | 'counted'>): boolean {
  return shift.status === 'closed' && shift.zNumber === null && shift.counted === null;
}
