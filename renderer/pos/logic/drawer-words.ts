import type { CashMovementKind, DrawerReport, ShiftView } from '../../../shared/contracts/cash';
import type { PaymentMethod } from '../../../shared/contracts/payment';
import { formatMoney } from '../../common/format';

/** "$5.00 short", "$2.00 over" or "Balanced": counted minus expected, in words. */
export function overShortWords(cents: number): string {
  if (cents === 0) return 'Balanced';
  return `${formatMoney(Math.abs(cents))} ${cents < 0 ? 'short' : 'over'}`;
}

/** A cash movement for people. */
export const MOVEMENT_LABELS: Record<CashMovementKind, string> = {
  paid_in: 'Paid in',
  paid_out: 'Paid out',
  safe_drop: 'Safe drop',
  no_sale: 'No sale (drawer opened)',
};

/** The movements in the order the cashier is offered them (a value here: contracts stay types-only in bundles). */
export const MOVEMENT_KINDS = Object.keys(MOVEMENT_LABELS) as CashMovementKind[];

/** The cash side of a shift, line by line as the expected-cash rule adds it up, with its sign. */
export const FLOW_LINES = [
  { field: 'float', label: 'Float', sign: 1 },
  { field: 'cashTendered', label: 'Cash received', sign: 1 },
  { field: 'changeGiven', label: 'Change given', sign: -1 },
  { field: 'cashBack', label: 'Cashless ATM cash back', sign: -1 },
  { field: 'cashRefunds', label: 'Cash refunds', sign: -1 },
  { field: 'paidIn', label: 'Paid in', sign: 1 },
  { field: 'paidOut', label: 'Paid out', sign: -1 },
  { field: 'safeDrops', label: 'Safe drops', sign: -1 },
] as const satisfies readonly { field: keyof NonNullable<DrawerReport['flows']>; label: string; sign: 1 | -1 }[];

/** "Z report 3" once closed, "X report" while the drawer is open. */
export function reportTitle(report: DrawerReport): string {
  return report.kind === 'Z' && report.shift.zNumber !== null ? `Z report ${report.shift.zNumber}` : 'X report';
}

/** The cash the drawer should hold, or why it is not shown (a blind shift, for a cashier). */
export function expectedWords(shift: ShiftView): string {
  return shift.expected === null ? 'Shown after the count (blind close)' : formatMoney(shift.expected);
}

/** One payment method's money in a shift (the service's `sales.byMethod`), in cents. */
export interface MethodSales {
  method: PaymentMethod;
  count: number;
  amount: number;
  tip: number;
  cashback: number;
  refundCount: number;
  refunded: number;
  voidCount: number;
  voided: number;
}

/** The sales side of a report, in cents. */
export interface ReportSales {
  byMethod: MethodSales[];
  sales: number;
  customers: number;
  taxes: { name: string; amount: number }[];
  discounts: number;
  rewardDollars: number;
  tips: number;
}

/** A report's sales section, when the service sends one (older services do not). */
export function salesOf(report: DrawerReport): ReportSales | null {
  return (report as DrawerReport & { sales?: ReportSales }).sales ?? null;
}
