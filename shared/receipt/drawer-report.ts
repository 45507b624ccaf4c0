import { overShortWords } from '../cash/expected-cash.js';
import type { DrawerReport, ShiftSales } from '../contracts/cash.js';
import { CASH_MOVEMENT_LABELS, methodLabel, movementBy } from '../labels.js';
import { formatMoney, type Cents } from '../money.js';
import { storeStamp } from '../store-time.js';
import type { ReceiptDocument, ReceiptLine } from './receipt-document.js';
import { paidApartSentences, salesSummaryLines } from './shift-sales-summary.js';
import { FLOW_LINES, reportTitle } from './drawer-report-words.js';

const row = (label: string, amount: Cents, strong = false): ReceiptLine => ({
  kind: 'row',
  label,
  amount: formatMoney(amount),
  strong,
});

/** Gross to net to what was taken (shift-sales-summary.ts), with why payments and sales differ. */
function summaryLines(sales: ShiftSales): ReceiptLine[] {
  if (!sales.summary) return [];
  return [
    { kind: 'heading', text: 'Sales' },
    ...salesSummaryLines(sales, sales.summary).map((line) =>
      row(line.part ? `  ${line.label}` : line.label, line.amount, line.strong === true),
    ),
    ...paidApartSentences(sales.summary).map((text): ReceiptLine => ({ kind: 'text', text })),
    { kind: 'rule' },
  ];
}

/** The discounts alone, as a Z report closed before its sales were summed up is printed. */
function discountLines(sales: ShiftSales): ReceiptLine[] {
  if (sales.summary) return [];
  return [row('Discounts', sales.discounts), ...(sales.dealDiscounts ?? []).map((d) => row(`  ${d.name}`, d.amount))];
}

function salesLines(sales: ShiftSales): ReceiptLine[] {
  const methods = sales.byMethod.flatMap((entry): ReceiptLine[] => [
    row(`${methodLabel(entry.method)} (${entry.count})`, entry.amount),
    ...(entry.cashback !== 0 ? [row('  Cash back', entry.cashback)] : []),
    ...(entry.refundCount !== 0 ? [row(`  Refunds (${entry.refundCount})`, -entry.refunded)] : []),
    ...(entry.voidCount !== 0 ? [row(`  Voids (${entry.voidCount})`, -entry.voided)] : []),
  ]);
  return [
    ...summaryLines(sales),
    { kind: 'heading', text: 'Sales by method' },
    ...(methods.length > 0 ? methods : [{ kind: 'text' as const, text: 'No sales' }]),
    { kind: 'text', text: `Sales: ${sales.sales} · Customers: ${sales.customers}` },
    ...sales.taxes.map((tax) => row(tax.name, tax.amount)),
    ...discountLines(sales),
    ...(sales.summary ? [] : [row('Reward dollars', sales.rewardDollars)]),
    row('Tips', sales.tips),
    { kind: 'rule' },
  ];
}

/** The cash side: the expected-cash rule, line by line, and the count against it once closed. */
function cashLines(report: DrawerReport): ReceiptLine[] {
  const { flows, shift } = report;
  if (!flows) return [{ kind: 'text', text: 'Blind close: the expected cash is shown after the count.' }];
  return [
    { kind: 'heading', text: 'Cash' },
    ...FLOW_LINES.map((line) => row(line.short, line.sign * flows[line.field])),
    ...(shift.expected !== null ? [row('Expected in drawer', shift.expected, true)] : []),
    ...(shift.counted !== null ? [row('Counted', shift.counted, true)] : []),
    // In the words of the screens and the audit trail: "$5.00 short", "$2.00 over", "balanced".
    ...(shift.overShort !== null
      ? [{ kind: 'row' as const, label: 'Over/short', amount: overShortWords(shift.overShort), strong: true }]
      : []),
  ];
}

/**
 * An X report (during a shift) or a Z report (its close) as printed: the register, who opened and
 * closed it and when (the store's time), the sales from gross to net to what was taken, sales by
 * method, taxes, the cash and the movements with who and why. `printedAt`: when it prints (by default
 * when the report was made, which for a Z is its close).
 */
export function drawerReport(
  report: DrawerReport,
  storeName: string,
  timeZone: string,
  printedAt: string = report.generatedAt,
): ReceiptDocument {
  const { shift } = report;
  const name = reportTitle(report);
  const when = (at: string) => storeStamp(at, timeZone);
  const lines: ReceiptLine[] = [
    { kind: 'title', text: storeName },
    { kind: 'center', text: name, strong: true },
    { kind: 'center', text: `Register ${shift.terminalId}` },
    { kind: 'text', text: `Opened ${when(shift.openedAt)} by ${shift.openedBy.name}` },
    ...(shift.closedAt && shift.closedBy
      ? [{ kind: 'text' as const, text: `Closed ${when(shift.closedAt)} by ${shift.closedBy.name}` }]
      : []),
    ...(shift.countedLate
      ? [{ kind: 'text' as const, text: `Counted late ${when(shift.countedLate.at)} by ${shift.countedLate.by.name}` }]
      : []),
    { kind: 'text', text: `Printed ${when(printedAt)}` },
    { kind: 'rule' },
    ...(report.sales ? salesLines(report.sales) : []),
    ...cashLines(report),
    ...(report.movements.length > 0
      ? [{ kind: 'rule' as const }, { kind: 'heading' as const, text: 'Movements' }]
      : []),
    ...report.movements.flatMap((movement): ReceiptLine[] => [
      row(CASH_MOVEMENT_LABELS[movement.kind], movement.amount),
      { kind: 'text', text: `  ${when(movement.at)}, ${movementBy(movement)}: ${movement.reason}` },
    ]),
    { kind: 'rule' },
  ];
  return { title: name, lines };
}
