import { overShortWords } from '../../../shared/cash/expected-cash.js';
import type { DrawerReport, ShiftView } from '../../../shared/contracts/cash.js';
import { formatMoney } from '../../../shared/money.js';
import { drawerReport } from '../../../shared/receipt/drawer-report.js';
import { PAPER_COLUMNS, printedLines, wrapText } from '../../../shared/receipt/receipt-document.js';
import { storeDayTime, zoneName } from '../../../shared/store-time.js';
import { plainSpaces, table } from '../cli-context.js';

/** As wide as the report printed on 80 mm paper. */
const COLUMNS = PAPER_COLUMNS[80];

const centred = (text: string) => `${' '.repeat(Math.floor((COLUMNS - text.length) / 2))}${text}`;

/**
 * An X or Z report for a terminal, line for line as the receipt printer prints it
 * (shared/receipt/drawer-report.ts): the same sections and figures, times in the store's zone.
 * "Printed" is `now`, when this text was made: a Z report's `generatedAt` is its close, which its
 * "Closed … by …" line already says, and a Z read days later was not printed at its close.
 */
export function reportText(report: DrawerReport, storeName: string, timeZone: string, now: Date): string {
  const lines = printedLines(drawerReport(report, storeName, timeZone, now.toISOString()), COLUMNS).map((line) =>
    line.align === 'center' ? centred(line.text) : line.text,
  );
  if (report.kind === 'X') {
    lines.push(
      ...wrapText('The drawer is still open: this X report changes with every sale until the close.', COLUMNS),
    );
  }
  return plainSpaces(lines.join('\n'));
}

/** The store's open drawers and its closed shifts (newest first), as tables with the commands that read their reports. */
export function shiftsText(
  store: { name: string; shortName: string; timeZone: string },
  open: readonly ShiftView[] | null,
  closed: readonly ShiftView[] | null,
  more: boolean,
  now: Date,
): string {
  const when = (at: string | null) => (at === null ? '' : plainSpaces(storeDayTime(at, store.timeZone, now)));
  const parts = [`Drawers of ${store.name} (times in ${zoneName(store.timeZone, now)})`];
  const command = `servicepay drawers`;
  if (open) {
    const rows = open.map((shift) => ({
      register: shift.terminalId,
      opened: when(shift.openedAt),
      'opened by': shift.openedBy.name,
      float: formatMoney(shift.float),
      'should hold': shift.expected === null ? '' : formatMoney(shift.expected),
    }));
    parts.push(
      '',
      'Open drawers',
      open.length === 0
        ? 'No drawer is open.'
        : table(rows, ['register', 'opened', 'opened by', 'float', 'should hold']),
    );
    if (open.length > 0)
      parts.push(`X report: ${command} x-report --dispensary ${store.shortName} --terminal <register>`);
  }
  if (closed) {
    const rows = closed.map((shift) => ({
      register: shift.terminalId,
      Z: shift.zNumber === null ? '' : String(shift.zNumber),
      opened: when(shift.openedAt),
      'opened by': shift.openedBy.name,
      closed: when(shift.closedAt),
      'closed by': shift.closedBy?.name ?? '',
      expected: shift.expected === null ? '' : formatMoney(shift.expected),
      counted: shift.counted === null ? '' : formatMoney(shift.counted),
      'over/short': shift.overShort === null ? '' : overShortWords(shift.overShort),
    }));
    const columns = [
      'register',
      'Z',
      'opened',
      'opened by',
      'closed',
      'closed by',
      'expected',
      'counted',
      'over/short',
    ];
    parts.push(
      '',
      'Closed shifts, newest first',
      closed.length === 0 ? 'No shift has closed.' : table(rows, columns as (keyof (typeof rows)[number])[]),
    );
    if (more) parts.push('Older shifts: --limit shows more, --day or --terminal narrows the list.');
    if (closed.length > 0) {
      parts.push(`Z report: ${command} z-report --dispensary ${store.shortName} --terminal <register> --z <Z>`);
    }
  }
  return plainSpaces(parts.join('\n'));
}
