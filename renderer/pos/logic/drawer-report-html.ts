import type { DrawerReport } from '../../../shared/contracts/cash';
import { methodLabel } from '../../../shared/labels';
import { storeStamp, storeTime } from '../../../shared/store-time';
import { formatMoney } from '../../common/format';
import { escapeHtml as escape, printRow as row } from './print-html';
import { expectedWords, FLOW_LINES, MOVEMENT_LABELS, overShortWords, reportTitle } from '../../common/drawer-words';

/** What a drawer report is printed from. */
export interface ReportPrintInput {
  storeName: string;
  report: DrawerReport;
  timeZone: string;
}

const heading = (text: string) => `<tr class="head"><th colspan="2">${escape(text)}</th></tr>`;

function cashRows({ report }: ReportPrintInput): string[] {
  const { shift, flows } = report;
  const rows = [row('Expected', expectedWords(shift))];
  if (shift.counted !== null && shift.overShort !== null) {
    rows.push(row('Counted', formatMoney(shift.counted)), row('Over / short', overShortWords(shift.overShort), true));
  }
  if (flows) {
    rows.push(heading('Cash'));
    for (const line of FLOW_LINES) {
      rows.push(row(line.label, `${line.sign < 0 && flows[line.field] ? '−' : ''}${formatMoney(flows[line.field])}`));
    }
  }
  return rows;
}

function salesRows({ report }: ReportPrintInput): string[] {
  const { sales } = report;
  if (!sales) return [];
  const rows = [heading(`Sales: ${sales.sales}, customers: ${sales.customers}`)];
  for (const method of sales.byMethod) {
    rows.push(row(`${methodLabel(method.method)} (${method.count})`, formatMoney(method.amount)));
    if (method.tip) rows.push(row('  tips', formatMoney(method.tip)));
    if (method.cashback) rows.push(row('  cash back', formatMoney(method.cashback)));
    if (method.refundCount) rows.push(row(`  refunds (${method.refundCount})`, formatMoney(method.refunded)));
    if (method.voidCount) rows.push(row(`  voids (${method.voidCount})`, formatMoney(method.voided)));
  }
  rows.push(...sales.taxes.map((tax) => row(tax.name, formatMoney(tax.amount))));
  rows.push(row('Discounts', formatMoney(sales.discounts)), row('Reward dollars', formatMoney(sales.rewardDollars)));
  rows.push(row('Tips', formatMoney(sales.tips)));
  return rows;
}

function movementRows({ report, timeZone }: ReportPrintInput): string[] {
  if (report.movements.length === 0) return [];
  return [
    heading('Cash in and out'),
    ...report.movements.map((movement) =>
      row(
        `${storeTime(movement.at, timeZone)} ${MOVEMENT_LABELS[movement.kind]}: ${movement.reason} (${movement.by.name})`,
        movement.kind === 'no_sale' ? '' : formatMoney(movement.amount),
      ),
    ),
  ];
}

/**
 * An X or Z report as a complete HTML document for an 80 mm printer, in the store's time.
 * Everything shown is escaped.
 */
export function drawerReportHtml(input: ReportPrintInput): string {
  const { report, timeZone } = input;
  const { shift } = report;
  const title = `${reportTitle(report)} · Register ${shift.terminalId}`;
  const closed =
    shift.closedAt && shift.closedBy
      ? `<p>Closed by ${escape(shift.closedBy.name)}, ${escape(storeStamp(shift.closedAt, timeZone))}</p>`
      : `<p>As of ${escape(storeStamp(report.generatedAt, timeZone))}</p>`;
  const body = [...cashRows(input), ...salesRows(input), ...movementRows(input)].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:13px/1.4 monospace;width:72mm;margin:0 auto}h1{font-size:16px;text-align:center;margin:4px 0}
p{text-align:center;margin:2px 0}table{width:100%;border-collapse:collapse}td{padding:1px 0;white-space:pre-wrap}
th{text-align:left;padding-top:6px;border-bottom:1px dashed #000}
.amount{text-align:right;white-space:nowrap}.strong td{font-weight:bold;border-top:1px dashed #000}</style></head>
<body><h1>${escape(input.storeName)}</h1><p><strong>${escape(title)}</strong></p>
<p>Opened by ${escape(shift.openedBy.name)}, ${escape(storeStamp(shift.openedAt, timeZone))}</p>${closed}
<table>${body}</table></body></html>`;
}
