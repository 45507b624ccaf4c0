import type { InventoryValueReport, SalesReport, StoreReportOf, TaxReport } from '../../../shared/contracts/reports';
import { formatMoney } from '../../../shared/money';
import { hourLabel, hourSpan } from '../../../shared/store-time';
import type { ChainReportOf } from './report-chain-table';
import { headlineFigures, type AnyFigures } from './report-figures';
import type { ReportKind } from './report-kinds';
import { monthWords } from './report-range';

/** One bar: its label on the axis, its amount, and the previous period's where compared. */
export interface ChartBar {
  key: string;
  /** The bar's words, as the table's row says them ("3 PM–4 PM"). */
  label: string;
  /** What the axis says under it where the label is longer than a column's room (an hour's start, "3 PM"). */
  axis?: string;
  cents: number;
  previousCents: number | null;
}

/** What a report's chart draws: upright columns (hours, weekdays, months) or bars across (groups). */
export interface ChartModel {
  shape: 'columns' | 'bars';
  /** What the bars measure ("Net sales by category"). */
  title: string;
  bars: ChartBar[];
}

/** The most bars across a chart shows (the table has every row). */
export const MOST_BARS = 12;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTH_SHORT = (month: string) => monthWords(month).replace(/^(\w{3})\w* (\d{4})$/, '$1 $2');

function salesChart(kind: ReportKind, answer: SalesReport): ChartModel {
  const before = new Map(answer.previous?.rows.map((row) => [row.key, row.netCents]) ?? []);
  const netOf = new Map(answer.rows.map((row) => [row.key, row]));
  const bar = (key: string, label: string, axis?: string): ChartBar => ({
    key,
    label,
    ...(axis === undefined ? {} : { axis }),
    cents: netOf.get(key)?.netCents ?? 0,
    previousCents: answer.previous ? (before.get(key) ?? 0) : null,
  });
  const title = `Net sales by ${kind.groupLabel.toLowerCase()}`;
  if (kind.by === 'hour') {
    return {
      shape: 'columns',
      title,
      bars: Array.from({ length: 24 }, (_, hour) => bar(String(hour), hourSpan(hour), hourLabel(hour))),
    };
  }
  if (kind.by === 'weekday') {
    return { shape: 'columns', title, bars: WEEKDAYS.map((name, index) => bar(String(index + 1), name)) };
  }
  const top = [...answer.rows].sort((a, b) => b.netCents - a.netCents).slice(0, MOST_BARS);
  return { shape: 'bars', title, bars: top.map((row) => bar(row.key, row.label)) };
}

function taxChart(answer: TaxReport): ChartModel {
  const months = [...new Set(answer.rows.map((row) => row.month))].sort();
  const bars = months.map((month) => ({
    key: month,
    label: MONTH_SHORT(month),
    cents: answer.rows.filter((row) => row.month === month).reduce((sum, row) => sum + row.owedCents, 0),
    previousCents: null,
  }));
  return { shape: 'columns', title: 'Tax owed by month', bars };
}

function inventoryChart(answer: InventoryValueReport): ChartModel {
  // At cost where any cost is known; a store that never entered costs still sees its stock at its prices.
  const atCost = answer.total.costCents > 0;
  const value = (row: InventoryValueReport['rows'][number]) => (atCost ? row.costCents : row.retailCents);
  const top = [...answer.rows].sort((a, b) => value(b) - value(a)).slice(0, MOST_BARS);
  const bars = top.map((row) => ({
    key: row.category,
    label: row.categoryName,
    cents: value(row),
    previousCents: null,
  }));
  return { shape: 'bars', title: `Inventory ${atCost ? 'at cost' : 'at retail'} by category`, bars };
}

/** One store's chart of `kind`, or null where a table reads better (the summary, products). */
export function storeChart(kind: ReportKind, answer: StoreReportOf): ChartModel | null {
  if (kind.chart === 'none') return null;
  // The kind names the report the answer is of (the store asked for that report).
  if (kind.report === 'sales') return salesChart(kind, answer as SalesReport);
  if (kind.report === 'tax') return taxChart(answer as TaxReport);
  if (kind.report === 'inventory-value') return inventoryChart(answer as InventoryValueReport);
  return null;
}

/** Every store's headline figure side by side (net sales, tax, or stock at cost). */
export function chainChart(kind: ReportKind, answer: ChainReportOf): ChartModel {
  const figure = headlineFigures(kind)[0]!;
  const stores = answer.stores as readonly {
    dispensaryShortName: string;
    dispensaryName: string;
    total: AnyFigures;
    previous: { total: AnyFigures } | null;
  }[];
  const bars = stores.map((store) => ({
    key: store.dispensaryShortName,
    label: store.dispensaryName,
    cents: figure.value(store.total),
    previousCents: store.previous ? figure.value(store.previous.total) : null,
  }));
  return { shape: 'bars', title: `${figure.label} by store`, bars };
}

/** The chart's name for people who cannot see it: what a sighted person reads at a glance. */
export function chartSummary(chart: ChartModel): string {
  const withAmounts = chart.bars.filter((bar) => bar.cents !== 0);
  if (withAmounts.length === 0) return `${chart.title}: nothing in this range.`;
  const biggest = [...withAmounts].sort((a, b) => b.cents - a.cents)[0]!;
  return `${chart.title}: the biggest is ${biggest.label} with ${formatMoney(biggest.cents)}.`;
}
