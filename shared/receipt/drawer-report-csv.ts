import { overShortWords } from '../cash/expected-cash.js';
import type { DrawerReport } from '../contracts/cash.js';
import { textField, toCsv } from '../csv.js';
import { CASH_MOVEMENT_LABELS as MOVEMENT_LABELS, METHOD_LABELS, movementBy } from '../labels.js';
import { formatDecimal } from '../money.js';
import { storeStamp } from '../store-time.js';
import { FLOW_LINES, reportTitle } from './drawer-report-words.js';
import { paidApartSentences, salesSummaryLines } from './shift-sales-summary.js';

/** The columns of a drawer report's CSV (the back office's Export CSV, `servicepay drawers … --csv`). */
export const REPORT_CSV_HEADER = ['Section', 'Item', 'Count', 'Amount', 'Who', 'When', 'Note'] as const;

type Row = (string | number)[];

/** Money as dollars with two decimals ("12.50", "-5.00"); a sign of −1 shows cash going out. */
const dollars = (cents: number, sign = 1) => formatDecimal(sign * cents);
/** "Nov 23, 2026, 10:00 AM PST" in the store's zone, with plain spaces for spreadsheets. */
const when = (at: string, zone: string) => storeStamp(at, zone).replace(/\u00a0/g, ' ');

function shiftRows(report: DrawerReport, zone: string): Row[] {
  const { shift } = report;
  const rows: Row[] = [
    ['Report', reportTitle(report), '', '', '', when(report.generatedAt, zone), `Register ${shift.terminalId}`],
    ['Shift', 'Opened', '', '', textField(shift.openedBy.name), when(shift.openedAt, zone), ''],
  ];
  if (shift.closedAt) {
    rows.push(['Shift', 'Closed', '', '', textField(shift.closedBy?.name ?? ''), when(shift.closedAt, zone), '']);
  }
  if (shift.countedLate) {
    const late = shift.countedLate;
    rows.push(['Shift', 'Counted late', '', '', textField(late.by.name), when(late.at, zone), '']);
  }
  return rows;
}

function cashRows(report: DrawerReport): Row[] {
  const { shift, flows } = report;
  const rows: Row[] = flows
    ? FLOW_LINES.map((line) => ['Cash', line.label, '', dollars(flows[line.field], line.sign), '', '', ''])
    : [];
  if (shift.expected !== null) rows.push(['Cash', 'Expected in the drawer', '', dollars(shift.expected), '', '', '']);
  if (shift.counted !== null) rows.push(['Cash', 'Counted', '', dollars(shift.counted), '', '', '']);
  if (shift.overShort !== null) {
    rows.push(['Cash', 'Over/short', '', dollars(shift.overShort), '', '', overShortWords(shift.overShort)]);
  }
  return rows;
}

/** Gross to net to what was taken, one row a line (a deal or discount by hand noted as part of the discounts). */
function summaryRows(report: DrawerReport): Row[] {
  const summary = report.sales?.summary;
  if (!report.sales || !summary) return [];
  return [
    ...salesSummaryLines(report.sales, summary).map((line): Row => {
      const note = line.part ? 'Part of the discounts' : '';
      return ['Sales summary', textField(line.label), '', dollars(line.amount), '', '', note];
    }),
    ...paidApartSentences(summary).map((sentence): Row => {
      return ['Sales summary', 'Payments and sales', '', '', '', '', textField(sentence)];
    }),
  ];
}

function salesRows(report: DrawerReport): Row[] {
  const { sales } = report;
  if (!sales) return [];
  const rows: Row[] = [...summaryRows(report)];
  for (const line of sales.byMethod) {
    const method = METHOD_LABELS[line.method];
    rows.push(['Sales', method, line.count, dollars(line.amount), '', '', '']);
    if (line.tip) rows.push(['Tips', method, '', dollars(line.tip), '', '', '']);
    if (line.cashback) rows.push(['Cash back', method, '', dollars(line.cashback), '', '', '']);
    if (line.refundCount) rows.push(['Refunds', method, line.refundCount, dollars(line.refunded), '', '', '']);
    if (line.voidCount) rows.push(['Voids', method, line.voidCount, dollars(line.voided), '', '', '']);
  }
  for (const tax of sales.taxes) rows.push(['Taxes', textField(tax.name), '', dollars(tax.amount), '', '', '']);
  rows.push(
    ['Totals', 'Sales', sales.sales, '', '', '', ''],
    ['Totals', 'Customers', sales.customers, '', '', '', ''],
    ['Totals', 'Discounts', '', dollars(sales.discounts), '', '', ''],
    ...(sales.dealDiscounts ?? []).map((deal) => [
      'Discounts by deal',
      deal.name,
      '',
      dollars(deal.amount),
      '',
      '',
      '',
    ]),
    ['Totals', 'Reward dollars', '', dollars(sales.rewardDollars), '', '', ''],
    ['Totals', 'Tips', '', dollars(sales.tips), '', '', ''],
  );
  return rows;
}

/**
 * A drawer report as CSV: a header row, then one row per figure (money in dollars with two
 * decimals, cash going out of the drawer negative), every time in the store's zone.
 */
export function reportCsv(report: DrawerReport, timeZone: string): string {
  const movements: Row[] = report.movements.map((movement) => [
    'Movement',
    MOVEMENT_LABELS[movement.kind],
    '',
    dollars(movement.amount),
    textField(movementBy(movement)),
    when(movement.at, timeZone),
    textField(movement.reason),
  ]);
  return toCsv([
    [...REPORT_CSV_HEADER],
    ...shiftRows(report, timeZone),
    ...cashRows(report),
    ...salesRows(report),
    ...movements,
  ]);
}

/** "z-report-front-1-3.csv", "x-report-front-1-2026-11-23.csv". */
export function reportFileName(report: DrawerReport, day: string): string {
  const { shift } = report;
  const which = report.kind === 'Z' && shift.zNumber !== null ? String(shift.zNumber) : day;
  return `${report.kind.toLowerCase()}-report-${shift.terminalId}-${which}.csv`;
}
