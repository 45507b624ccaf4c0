import type { DrawerReport } from '../contracts/cash.js';

/**
 * The cash side of a shift, line by line as the expected-cash rule adds it up: label, the printed
 * report's shorter one (a receipt is 42 characters wide, amount included), and sign.
 */
export const FLOW_LINES = [
  { field: 'float', label: 'Float counted in', short: 'Float', sign: 1 },
  { field: 'cashTendered', label: 'Cash handed over by customers', short: 'Cash handed over', sign: 1 },
  { field: 'changeGiven', label: 'Change given', short: 'Change given', sign: -1 },
  { field: 'cashBack', label: 'Cash back of cashless ATM round-ups', short: 'Cash back', sign: -1 },
  { field: 'cashRefunds', label: 'Cash refunds', short: 'Cash refunds', sign: -1 },
  { field: 'paidIn', label: 'Paid in', short: 'Paid in', sign: 1 },
  { field: 'paidOut', label: 'Paid out', short: 'Paid out', sign: -1 },
  { field: 'safeDrops', label: 'Safe drops', short: 'Safe drops', sign: -1 },
] as const satisfies readonly {
  field: keyof NonNullable<DrawerReport['flows']>;
  label: string;
  short: string;
  sign: 1 | -1;
}[];

/**
 * "Z report 3" once closed, "X report" while the drawer is open; "Closed, not counted" for a shift the
 * store server closed without a count or a Z number (its register's machine replaced under its name),
 * "Replaced, counted late" once a manager counted its drawer (it keeps no Z number).
 */
export function reportTitle(report: DrawerReport): string {
  if (report.kind !== 'Z') return 'X report';
  if (report.shift.zNumber !== null) return `Z report ${report.shift.zNumber}`;
  return report.shift.counted === null ? 'Closed, not counted' : 'Replaced, counted late';
}
