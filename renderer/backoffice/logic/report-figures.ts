import type {
  InventoryValueFigures,
  SalesFigures,
  SummaryFigures,
  TaxFigures,
} from '../../../shared/contracts/reports';
import { costCoverageWords } from '../../../shared/inventory/cost-coverage-words';
import { MARGIN_WORDS } from '../../../shared/reports/margin-words';
import { paidApartWords } from '../../../shared/reports/paid-apart-words';
import { countFigure, moneyFigure, type Figure } from './report-cells';
import type { ReportKind } from './report-kinds';
import { dayWords, type DayRange } from './report-range';
import { emptyWords as noneIn } from './report-words';

/** Any report's total figures. */
export type AnyFigures = SummaryFigures | SalesFigures | TaxFigures | InventoryValueFigures;

const SUMMARY: Figure<SummaryFigures>[] = [
  moneyFigure('Net sales', (f) => f.netCents),
  countFigure('Sales', (f) => f.sales),
  moneyFigure('Average sale', (f) => f.averageSaleCents),
  moneyFigure('Gross sales', (f) => f.grossCents),
  moneyFigure('Discounts', (f) => f.discountCents, 'lower-is-better'),
  moneyFigure('Returns', (f) => f.returnsCents, 'lower-is-better'),
  moneyFigure('Tax', (f) => f.taxCents, 'neutral'),
  moneyFigure('Tax refunded', (f) => f.returnsTaxCents, 'neutral'),
  moneyFigure('Tips', (f) => f.tipCents, 'neutral'),
];

const SALES: Figure<SalesFigures>[] = [
  moneyFigure('Net sales', (f) => f.netCents),
  countFigure('Sales', (f) => f.sales),
  moneyFigure('Gross sales', (f) => f.grossCents),
  moneyFigure('Discounts', (f) => f.discountCents, 'lower-is-better'),
  moneyFigure('Returns', (f) => f.returnsCents, 'lower-is-better'),
  moneyFigure('Tax', (f) => f.taxCents, 'neutral'),
];

// All after returns, on one basis: cost + margin + net sales without a known cost = net sales (MARGIN_WORDS).
const MARGIN: Figure<SalesFigures>[] = [
  moneyFigure('Margin', (f) => f.marginCents),
  moneyFigure('Cost', (f) => f.costCents, 'neutral'),
  moneyFigure('Net sales', (f) => f.netCents),
  moneyFigure('Net sales without a known cost', (f) => f.netWithoutCostCents, 'lower-is-better'),
];

const TAX: Figure<TaxFigures>[] = [
  moneyFigure('Tax owed', (f) => f.owedCents, 'neutral'),
  moneyFigure('Tax collected', (f) => f.taxCents, 'neutral'),
  moneyFigure('Tax refunded', (f) => f.refundedCents, 'neutral'),
  moneyFigure('Taxable sales', (f) => f.taxableCents, 'neutral'),
];

const INVENTORY: Figure<InventoryValueFigures>[] = [
  moneyFigure('At cost', (f) => f.costCents),
  moneyFigure('At retail', (f) => f.retailCents),
  countFigure('Products in stock', (f) => f.products),
  countFigure('Products without a cost', (f) => f.withoutCost, 'lower-is-better'),
  moneyFigure('At retail without a known cost', (f) => f.retailWithoutCostCents, 'lower-is-better'),
];

/**
 * A report's headline figures: the cards above its table, and the rows of a chain's table (each
 * store side by side). Typed loosely on purpose: the kind decides which figures its answer has.
 */
export function headlineFigures(kind: ReportKind): Figure<AnyFigures>[] {
  // The kind names the report, and so the figures its answer carries (checked by the contract's types).
  const of = <F>(figures: Figure<F>[]) => figures as unknown as Figure<AnyFigures>[];
  switch (kind.report) {
    case 'summary':
      return of(SUMMARY);
    case 'sales':
      return of(kind.id === 'margin' ? MARGIN : SALES);
    case 'tax':
      return of(TAX);
    case 'inventory-value':
      return of(INVENTORY);
  }
}

/**
 * What the figures cannot say for want of package costs, in words; '' when every cost is known.
 */
export function costWords(kind: ReportKind, total: AnyFigures): string {
  // The kind names the report, and so the figures its total carries.
  const figures = total as Partial<SalesFigures & InventoryValueFigures>;
  if (kind.id === 'margin' && (figures.netWithoutCostCents ?? 0) > 0) {
    return figures.costCents === 0
      ? 'No product sold in this range has a known cost, so there is no margin to show. Costs come from the packages received with one.'
      : 'Some products sold have no known cost: their net sales are left out of the margin ("Net sales without a known cost").';
  }
  if (kind.report === 'inventory-value' && (figures.quantityWithoutCostMilli ?? 0) > 0) {
    return `${costCoverageWords(total as InventoryValueFigures)} Costs come from the packages received with one.`;
  }
  return '';
}

/** What the margin is taken from, in words (the CLI says the same); '' for other reports. */
export const basisWords = (kind: ReportKind): string => (kind.id === 'margin' ? MARGIN_WORDS : '');

/**
 * Why the summary's payments are not what its sales came to (orders paid over several days), in
 * words; none for other reports or when every payment paid a sale of its own day.
 */
export function paidApartNotes(kind: ReportKind, total: AnyFigures): string[] {
  // The kind names the report, and so the figures its total carries.
  return kind.report === 'summary' ? paidApartWords(total as SummaryFigures) : [];
}

/**
 * What an empty answer says instead of its table ("No sales from Nov 1 to Nov 30."), or '' when it
 * has figures to show. `stockWhen`: when the stock at a day's end is of ("so far today (Dec 6)").
 */
export function emptyWords(kind: ReportKind, total: AnyFigures, range: DayRange, stockWhen?: string): string {
  // The kind names the report, and so the figures its total carries.
  const figures = total as Partial<SummaryFigures & TaxFigures & InventoryValueFigures>;
  switch (kind.report) {
    case 'summary':
      // A day whose only payment was toward an open order still has a figure to show, and so does one
      // whose only money is a deposit paid and handed back (its tenders, no sale's).
      return figures.sales === 0 &&
        figures.returnsCents === 0 &&
        figures.paidTowardOpenCents === 0 &&
        (figures.tenders ?? []).length === 0
        ? noneIn('sales', range)
        : '';
    case 'sales':
      return figures.sales === 0 && figures.returnsCents === 0 ? noneIn('sales', range) : '';
    case 'tax':
      return figures.taxCents === 0 && figures.refundedCents === 0 ? noneIn('tax collected', range) : '';
    case 'inventory-value':
      return figures.products === 0 ? `No stock on hand ${stockWhen ?? `at the end of ${dayWords(range.to)}`}.` : '';
  }
}
