import { toCsv } from './csv';
import type { ReportTable } from './report-cells';
import type { ReportKind } from './report-kinds';
import type { DayRange } from './report-range';

/**
 * A report's table as CSV: a header row, its rows, then its total (and the previous period and the
 * change when compared); money as dollars with two decimals, as the table shows it without the "$".
 */
export function reportCsv(table: ReportTable): string {
  return toCsv([
    table.columns.map((column) => column.label),
    ...[...table.rows, ...table.footer].map((row) => row.cells.map((cell) => cell.csv)),
  ]);
}

/**
 * "demo-sales-by-category-2026-11-01-to-2026-11-30.csv"; one day "demo-tax-2026-11-30.csv"; the
 * inventory value is at one date. `store` is the store's short name, or "all-stores".
 */
export function reportFileName(store: string, kind: ReportKind, range: DayRange): string {
  const days = range.from === range.to || kind.report === 'inventory-value' ? range.to : `${range.from}-to-${range.to}`;
  return `${store}-${kind.slug}-${days}.csv`;
}
