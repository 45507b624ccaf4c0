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
 * store's records), with the same stores' total now (`comparableTotal`), so that the change compares
 * the same stores: a store whose stock is first known on the day adds no growth to it.
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
  // The stores compared are those with a previous figure: every store, but for an inventory value
  // the stores whose records start after the previous day.
  const compared = (query.compare === 'previous' ? chain.reports : []).flatMap((report) =>
    report.previous ? [{ now: report.total, then: report.previous.total as Total }] : [],
  );
  const sum = (totals: Total[]) => (totals.length > 0 ? add(totals) : null);
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
    previousTotal: sum(compared.map((store) => store.then)),
    comparableTotal: sum(compared.map((store) => store.now)),
    // Inventory value: the stores whose records start after its day, or after the previous one.
    ...(name === 'inventory-value' ? { leftOut: chain.leftOut, previousLeftOut: chain.previousLeftOut } : {}),
  };
}
