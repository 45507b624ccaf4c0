import type { SalesFigures, SalesGrouping, SalesRow, SalesSort } from '../../../shared/contracts/reports.js';
import { categoryLabel } from '../../../shared/labels.js';
import { hourSpan } from '../../../shared/store-time.js';
import { weekdayName, weekdayOf } from '../../../shared/reports/report-range.js';
import { refundParts } from './refund-parts.js';
import type { ReadRefund } from './report-rows.js';
import type { LineSums } from './report-sums.js';
import { restockedCosts, takeBack } from './returned-cost.js';
import type { CountedLine, Sale } from './sales-of-rows.js';

/** The group of a line of a sale: its key as stored and its label in words. */
export type GroupOf = (
  sale: Sale,
  line: CountedLine,
  names: ReadonlyMap<string, string>,
) => { key: string; label: string };

/** The staff user an order's maker names (`staff:<id>`, or `register:<id>:staff:<id>` from an attached register). */
const staffId = (createdBy: string) => /staff:([^:]+)$/.exec(createdBy)?.[1];

export const GROUPS: Record<SalesGrouping, GroupOf> = {
  category: (_, line) => ({ key: line.category, label: categoryLabel(line.category) }),
  brand: (_, line) => ({ key: line.brand, label: line.brand || 'No brand' }),
  product: (_, line) => ({ key: line.productId, label: line.name }),
  budtender: (sale, _, names) => {
    const id = staffId(sale.budtender);
    return { key: id ?? sale.budtender, label: (id && names.get(id)) || sale.budtender || 'Nobody named' };
  },
  register: (sale) => ({ key: sale.register ?? '', label: sale.register ?? 'No register (online)' }),
  hour: (sale) => ({ key: String(sale.hour), label: hourSpan(sale.hour) }),
  weekday: (sale) => {
    const weekday = weekdayOf(sale.day);
    return { key: String(weekday), label: weekdayName(weekday) };
  },
  'customer-type': (sale) =>
    sale.customerType === 'medical' ? { key: 'medical', label: 'Medical' } : { key: 'adult_use', label: 'Adult-use' },
};

/** Where returns of no sale's line go (a payment without an order, a sale without lines). */
export const NO_LINE = { key: '', label: 'Refunds of no sale line' };

export const zeroSales = (): SalesFigures => ({
  quantityMilli: 0,
  weighedMilli: 0,
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

/** A group's row while it is added up: the orders of its lines counted, or (from SQL sums) their count. */
type Adding = SalesRow & { orders: Set<string>; counted: number };

/** The rows of a period's sales being added up by group: from sold lines, SQL sums, and refunds. */
export class Grouped {
  private readonly rows = new Map<string, Adding>();

  constructor(
    private readonly groupOf: GroupOf,
    private readonly names: ReadonlyMap<string, string>,
  ) {}

  row(group: { key: string; label: string }): Adding {
    let found = this.rows.get(group.key);
    if (!found) this.rows.set(group.key, (found = { ...group, ...zeroSales(), orders: new Set(), counted: 0 }));
    return found;
  }

  lines(sales: readonly Sale[]): void {
    for (const sale of sales) {
      for (const line of sale.lines) {
        const found = this.row(this.groupOf(sale, line, this.names));
        found.orders.add(sale.orderId);
        found.quantityMilli += line.quantityMilli;
        found.weighedMilli += line.weighedMilli;
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
  }

  /** A group's lines added up in SQL (their orders counted there), under `group`. */
  sums(group: { key: string; label: string }, sums: Omit<LineSums, 'dispensaryId'>): void {
    const found = this.row(group);
    found.counted += sums.orders;
    for (const key of SUMMED_FIGURES) found[key] += sums[key];
  }

  /**
   * The refunds' returns (refund-parts.ts: before tax), each shared among its sale's lines and taken
   * off their net, margin and cost (returned-cost.ts).
   */
  refunds(refunds: readonly ReadRefund[], refundedSales: ReadonlyMap<string, Sale>): void {
    for (const refund of refunds) {
      const sale = refund.orderId === null ? undefined : refundedSales.get(refund.orderId);
      const { returnCents, lines } = refundParts(refund, sale);
      if (!sale || lines.length === 0) {
        if (returnCents !== 0) takeBack(this.row(NO_LINE), returnCents, 0);
        continue;
      }
      const costs = restockedCosts(sale, refund.lines ?? []);
      sale.lines.forEach((line, index) =>
        takeBack(this.row(this.groupOf(sale, line, this.names)), lines[index]!, costs[index]!),
      );
    }
  }

  /** Sorted (ties by label) and cut to `limit`; the total is every group's, before the cut, of `sales` sales. */
  finish(sort: SalesSort, limit: number | undefined, sales: number): { rows: SalesRow[]; total: SalesFigures } {
    const all: SalesRow[] = [...this.rows.values()].map(({ orders, counted, ...figures }) => ({
      ...figures,
      sales: orders.size + counted,
      netCents: figures.grossCents - figures.discountCents - figures.returnsCents,
    }));
    const order = SORTS[sort];
    all.sort((a, b) => order(a, b) || a.label.localeCompare(b.label) || a.key.localeCompare(b.key));
    const total = addSales(all);
    total.sales = sales;
    return { rows: limit === undefined ? all : all.slice(0, limit), total };
  }
}

/** The figures SQL adds up by group (report-sums.ts), as they add into a group's row. */
const SUMMED_FIGURES = [
  'quantityMilli',
  'weighedMilli',
  'grossCents',
  'discountCents',
  'taxCents',
  'costCents',
  'marginCents',
  'netWithoutCostCents',
] as const;

/**
 * The period's sales grouped `by`, with each return of the period shared among its sale's lines;
 * sorted (ties by label) and cut to `limit`. The total is every group's, before the cut.
 */
export function salesGroups(
  by: SalesGrouping,
  sales: readonly Sale[],
  refunds: readonly ReadRefund[],
  refundedSales: ReadonlyMap<string, Sale>,
  sort: SalesSort = 'net',
  limit?: number,
  names: ReadonlyMap<string, string> = new Map(),
): { rows: SalesRow[]; total: SalesFigures } {
  const grouped = new Grouped(GROUPS[by], names);
  grouped.lines(sales);
  grouped.refunds(refunds, refundedSales);
  return grouped.finish(sort, limit, new Set(sales.map((sale) => sale.orderId)).size);
}
