import type {
  InventoryValueFigures,
  LeftOutStore,
  ReportName,
  SalesFigures,
  SummaryFigures,
  TaxFigures,
} from '../../../shared/contracts/reports.js';
import type { DayRange } from '../../../shared/reports/report-range.js';
import type { ReportRead } from './report-source.js';
import type { ReportAsk, StoreReport } from './reports.js';
import { addSales } from './sales-groups.js';
import { addInventory } from './stock-at-day.js';
import { addSummaries } from './summary-figures.js';
import { addTax } from './tax-rows.js';

type Total = StoreReport['total'];

/** Each report's totals added up across stores. */
const ADD: Record<ReportName, (totals: Total[]) => Total> = {
  summary: (totals) => addSummaries(totals as SummaryFigures[]),
  sales: (totals) => addSales(totals as SalesFigures[]),
  tax: (totals) => addTax(totals as TaxFigures[]),
  'inventory-value': (totals) => addInventory(totals as InventoryValueFigures[]),
};

/**
 * A chain's answer: the stores side by side, their total, and (compare=previous) their previous total:
 * the previous figures of the stores that have them (null when none has: inventory value before every
 * store's records).
 */
export function chainAnswer(
  name: ReportName,
  query: Pick<ReportAsk, 'compare'>,
  chain: {
    reports: StoreReport[];
    read: ReportRead<unknown>;
    range: DayRange;
    leftOut: LeftOutStore[];
    previousLeftOut: LeftOutStore[];
  },
) {
  const add = ADD[name];
  const previous = chain.reports.flatMap((report) => (report.previous ? [report.previous.total as Total] : []));
  return {
    resultCode: 'SUCCESS' as const,
    resultReason: null,
    report: name,
    from: chain.range.from,
    to: chain.range.to,
    asOf: chain.read.asOf,
    readFrom: chain.read.from,
    fallback: chain.read.fallback,
    stores: chain.reports,
    total: add(chain.reports.map((report) => report.total)),
    previousTotal: query.compare === 'previous' && previous.length > 0 ? add(previous) : null,
    // Inventory value: the stores whose records start after its day, or after the previous one.
    ...(name === 'inventory-value' ? { leftOut: chain.leftOut, previousLeftOut: chain.previousLeftOut } : {}),
  };
}
