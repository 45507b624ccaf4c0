import type { CashMovementKind, DrawerReport, ShiftView } from '../../shared/contracts/cash';
import { formatMoney } from './format';

import { CASH_MOVEMENT_LABELS as MOVEMENT_LABELS, movementBy } from '../../shared/labels';

export { overShortWords } from '../../shared/cash/expected-cash';
export { MOVEMENT_LABELS, movementBy };

/** How over/short looks: short is a loss (danger), over is a mistake too (warning), balanced is good. */
export function overShortTone(cents: number): 'good' | 'short' | 'over' {
  if (cents === 0) return 'good';
  return cents < 0 ? 'short' : 'over';
}

/** The movements in the order staff are offered them (a value here: contracts stay types-only in bundles). */
export const MOVEMENT_KINDS = Object.keys(MOVEMENT_LABELS) as CashMovementKind[];

/** The cash side of a shift, line by line as the expected-cash rule adds it up: label and sign. */
export const FLOW_LINES = [
  { field: 'float', label: 'Float counted in', sign: 1 },
  { field: 'cashTendered', label: 'Cash handed over by customers', sign: 1 },
  { field: 'changeGiven', label: 'Change given', sign: -1 },
  { field: 'cashBack', label: 'Cash back of cashless ATM round-ups', sign: -1 },
  { field: 'cashRefunds', label: 'Cash refunds', sign: -1 },
  { field: 'paidIn', label: 'Paid in', sign: 1 },
  { field: 'paidOut', label: 'Paid out', sign: -1 },
  { field: 'safeDrops', label: 'Safe drops', sign: -1 },
] as const satisfies readonly { field: keyof NonNullable<DrawerReport['flows']>; label: string; sign: 1 | -1 }[];

/** "Z report 3" once closed, "X report" while the drawer is open. */
export function reportTitle(report: DrawerReport): string {
  return report.kind === 'Z' && report.shift.zNumber !== null ? `Z report ${report.shift.zNumber}` : 'X report';
}

/** The expected cash of a shift for a list: "$212.50", or why it is not shown. */
export function expectedWords(shift: ShiftView): string {
  return shift.expected === null ? 'Hidden until the close' : formatMoney(shift.expected);
}
