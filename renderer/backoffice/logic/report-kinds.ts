import type { ReportName, SalesGrouping, SalesSort } from '../../../shared/contracts/reports';

/** How a report is drawn beside its table: upright bars (hours, weekdays, months), bars across (groups), or none. */
export type ChartShape = 'columns' | 'bars' | 'none';

/** One choice of the Reports screen: which report it asks for, and how. */
export interface ReportKind {
  id: string;
  label: string;
  report: ReportName;
  by?: SalesGrouping;
  sort?: SalesSort;
  limit?: number;
  /** What the rows' first column names ("Category"). */
  groupLabel: string;
  /** The CSV's name between the store and the dates ("sales-by-category"). */
  slug: string;
  chart: ChartShape;
}

const sales = (by: SalesGrouping, label: string, groupLabel: string, chart: ChartShape): ReportKind => ({
  id: `sales-${by}`,
  label: `Sales by ${label}`,
  report: 'sales',
  by,
  groupLabel,
  slug: `sales-by-${by}`,
  chart,
});

/** The reports a manager chooses from, in the order the screen offers them. */
export const REPORT_KINDS: readonly ReportKind[] = [
  { id: 'summary', label: 'Summary', report: 'summary', groupLabel: 'Figure', slug: 'summary', chart: 'none' },
  sales('category', 'category', 'Category', 'bars'),
  sales('brand', 'brand', 'Brand', 'bars'),
  sales('product', 'product', 'Product', 'none'),
  sales('budtender', 'budtender', 'Budtender', 'bars'),
  sales('register', 'register', 'Register', 'bars'),
  sales('hour', 'hour', 'Hour', 'columns'),
  sales('weekday', 'weekday', 'Weekday', 'columns'),
  sales('customer-type', 'customer type', 'Customer type', 'bars'),
  {
    id: 'top-products',
    label: 'Top products',
    report: 'sales',
    by: 'product',
    sort: 'net',
    limit: 25,
    groupLabel: 'Product',
    slug: 'top-products',
    chart: 'bars',
  },
  {
    id: 'slowest-products',
    label: 'Slowest products',
    report: 'sales',
    by: 'product',
    sort: 'net-asc',
    limit: 25,
    groupLabel: 'Product',
    slug: 'slowest-products',
    chart: 'none',
  },
  {
    id: 'margin',
    label: 'Margin',
    report: 'sales',
    by: 'product',
    sort: 'margin',
    groupLabel: 'Product',
    slug: 'margin',
    chart: 'none',
  },
  { id: 'tax', label: 'Tax', report: 'tax', groupLabel: 'Month', slug: 'tax', chart: 'columns' },
  {
    id: 'inventory-value',
    label: 'Inventory value',
    report: 'inventory-value',
    groupLabel: 'Category',
    slug: 'inventory-value',
    chart: 'bars',
  },
];

/** The kind of an id (the Summary when the id is unknown). */
export const reportKind = (id: string): ReportKind => REPORT_KINDS.find((kind) => kind.id === id) ?? REPORT_KINDS[0]!;

/** Whether the rows are products (their quantity is shown, as grams or units). */
export const byProduct = (kind: ReportKind): boolean => kind.by === 'product';
