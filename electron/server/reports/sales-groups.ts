import type { SalesFigures, SalesGrouping, SalesRow, SalesSort } from '../../../shared/contracts/reports.js';
import { categoryLabel } from '../../../shared/labels.js';
import { weekdayName, weekdayOf } from '../../../shared/reports/report-range.js';
import type { RefundRow } from './report-rows.js';
import { refundShares, type CountedLine, type Sale } from './sales-of-rows.js';

/** The group of a line of a sale: its key as stored and its label in words. */
type GroupOf = (sale: Sale, line: CountedLine) => { key: string; label: string };

const hourWords = (hour: number) => `${String(hour).padStart(2, '0')}:00–${String(hour + 1).padStart(2, '0')}:00`;

const GROUPS: Record<SalesGrouping, GroupOf> = {
  category: (_, line) => ({ key: line.category, label: categoryLabel(line.category) }),
  brand: (_, line) => ({ key: line.brand, label: line.brand || 'No brand' }),
  product: (_, line) => ({ key: line.productId, label: line.name }),
  budtender: (sale) => ({ key: sale.budtender, label: sale.budtender || 'Nobody named' }),
  register: (sale) => ({ key: sale.register ?? '', label: sale.register ?? 'No register (online)' }),
  hour: (sale) => ({ key: String(sale.hour), label: hourWords(sale.hour) }),
  weekday: (sale) => {
    const weekday = weekdayOf(sale.day);
    return { key: String(weekday), label: weekdayName(weekday) };
  },
  'customer-type': (sale) =>
    sale.customerType === 'medical' ? { key: 'medical', label: 'Medical' } : { key: 'adult_use', label: 'Adult-use' },
};

/** Where refunds of no sale's line go (a payment without an order, an order without lines). */
const NO_LINE = { key: '', label: 'Refunds of no sale line' };

export const zeroSales = (): SalesFigures => ({
  quantityMilli: 0,
  sales: 0,
  grossCents: 0,
  discountCents: 0,
  returnsCents: 0,
  netCents: 0,
  taxCents: 0,
  costCents: 0,
  marginCents: 0,
  netWithoutCostCents: 0,
});

/** Figures added up (a group's rows, a chain's stores). */
export function addSales(list: readonly SalesFigures[]): SalesFigures {
  const total = zeroSales();
  for (const figures of list) {
    for (const key of Object.keys(total) as (keyof SalesFigures)[]) total[key] += figures[key];
  }
  return total;
}

const SORTS: Record<SalesSort, (a: SalesRow, b: SalesRow) => number> = {
  net: (a, b) => b.netCents - a.netCents,
  'net-asc': (a, b) => a.netCents - b.netCents,
  quantity: (a, b) => b.quantityMilli - a.quantityMilli,
  'quantity-asc': (a, b) => a.quantityMilli - b.quantityMilli,
  margin: (a, b) => b.marginCents - a.marginCents,
  // Hours and weekdays by their number; any other group by its label.
  name: (a, b) => (/^\d+$/.test(a.key) && /^\d+$/.test(b.key) ? Number(a.key) - Number(b.key) : 0),
};

/**
 * The period's sales grouped `by`, with each refund of the period shared among its sale's lines;
 * sorted (ties by label) and cut to `limit`. The total is every group's, before the cut.
 */
export function salesGroups(
  by: SalesGrouping,
  sales: readonly Sale[],
  refunds: readonly RefundRow[],
  refundedSales: ReadonlyMap<string, Sale>,
  sort: SalesSort = 'net',
  limit?: number,
): { rows: SalesRow[]; total: SalesFigures } {
  const groupOf = GROUPS[by];
  const rows = new Map<string, SalesRow & { orders: Set<string> }>();
  const row = (group: { key: string; label: string }) => {
    let found = rows.get(group.key);
    if (!found) rows.set(group.key, (found = { ...group, ...zeroSales(), orders: new Set() }));
    return found;
  };
  for (const sale of sales) {
    for (const line of sale.lines) {
      const found = row(groupOf(sale, line));
      found.orders.add(sale.orderId);
      found.quantityMilli += line.quantityMilli;
      found.grossCents += line.grossCents;
      found.discountCents += line.discountCents;
      found.taxCents += line.taxCents;
      const sold = line.grossCents - line.discountCents;
      if (line.costCents === null) found.netWithoutCostCents += sold;
      else {
        found.costCents += line.costCents;
        found.marginCents += sold - line.costCents;
      }
    }
  }
  for (const refund of refunds) {
    const sale = refund.orderId === null ? undefined : refundedSales.get(refund.orderId);
    const shares = refundShares(refund.amount, sale);
    if (!sale || shares.length === 0) row(NO_LINE).returnsCents += refund.amount;
    else sale.lines.forEach((line, index) => (row(groupOf(sale, line)).returnsCents += shares[index]!));
  }
  const all: SalesRow[] = [...rows.values()].map(({ orders, ...figures }) => ({
    ...figures,
    sales: orders.size,
    netCents: figures.grossCents - figures.discountCents - figures.returnsCents,
  }));
  const order = SORTS[sort];
  all.sort((a, b) => order(a, b) || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
  const total = addSales(all);
  total.sales = new Set(sales.map((sale) => sale.orderId)).size;
  return { rows: limit === undefined ? all : all.slice(0, limit), total };
}
