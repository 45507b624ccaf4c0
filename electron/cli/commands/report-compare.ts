import type { ReportName } from '../../../shared/contracts/reports.js';
import { reportTable, type ReportTable } from '../../../shared/reports/report-table.js';

type AnyReport = Parameters<typeof reportTable>[1];

/**
 * The previous period's table (`--compare`), with its own columns: a summary's tax layers and payment
 * methods are those of its own period, which may not be the current period's. Null when not asked.
 */
export function previousTable(name: ReportName, report: AnyReport, money: (cents: number) => string) {
  if (!report.previous) return null;
  const { rows, total } = report.previous;
  return reportTable(name, { ...report, rows, total } as AnyReport, money);
}

/** Both periods' columns: the first's in its order, each other one placed after the column it follows. */
export function bothColumns(first: readonly string[], second: readonly string[]): string[] {
  const columns = [...first];
  second.forEach((column, at) => {
    if (columns.includes(column)) return;
    columns.splice(at === 0 ? 0 : columns.indexOf(second[at - 1]!) + 1, 0, column);
  });
  return columns;
}

/** A table's rows under `columns`: a column it does not have (a layer or method not in its period) is `none`. */
export function rowsUnder(table: ReportTable, columns: readonly string[], none: string): string[][] {
  const at = columns.map((column) => table.columns.indexOf(column));
  return table.rows.map((row) => at.map((index) => (index < 0 ? none : (row[index] ?? none))));
}
