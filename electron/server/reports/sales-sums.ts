import type { SalesFigures, SalesRow, SalesSort } from '../../../shared/contracts/reports.js';
import type { GroupReturn } from './group-day-sums.js';
import type { LineSums, SummedGrouping } from './report-sums.js';
import { takeBack } from './returned-cost.js';
import { GROUPS, Grouped, NO_LINE } from './sales-groups.js';
import type { CountedLine, Sale } from './sales-of-rows.js';

/** The period's sales as SQL added them up (report-sums.ts), to the cent the same as `salesGroups`. */
export interface SummedSales {
  by: SummedGrouping;
  /** Each group's lines (of a day or several), their orders' tier discounts shared among them. */
  sums: readonly Omit<LineSums, 'dispensaryId'>[];
  /** How many distinct orders the period's sales were. */
  orders: number;
  /** The period's refunds shared among their sales' lines, by raw group, and those of no sale line. */
  returns: readonly GroupReturn[];
  noLineCents: number;
}

/** `salesGroups` from SQL sums: the same rows and total. */
export function summedSalesGroups(
  summed: SummedSales,
  sort: SalesSort = 'net',
  limit?: number,
  names: ReadonlyMap<string, string> = new Map(),
): { rows: SalesRow[]; total: SalesFigures } {
  const groupOf = GROUPS[summed.by];
  const grouped = new Grouped(groupOf, names);
  for (const sums of summed.sums) {
    const { sale, line } = standIn(sums.group);
    grouped.sums(groupOf(sale, line, names), sums);
  }
  for (const [group, cents, costBack] of summed.returns) {
    const { sale, line } = standIn(group);
    takeBack(grouped.row(groupOf(sale, line, names)), cents, costBack);
  }
  if (summed.noLineCents !== 0) takeBack(grouped.row(NO_LINE), summed.noLineCents, 0);
  return grouped.finish(sort, limit, summed.orders);
}

/** A sale and line with `group` in every column an SQL-summed grouping reads. */
function standIn(group: string | null): { sale: Sale; line: CountedLine } {
  const sale: Sale = {
    orderId: '',
    closedAt: '',
    day: '',
    hour: 0,
    register: group,
    budtender: group ?? '',
    customerType: group ?? 'adult_use',
    grossCents: 0,
    discountCents: 0,
    taxCents: 0,
    taxes: [],
    deliveryCents: 0,
    rewardCents: 0,
    lines: [],
  };
  const line: CountedLine = {
    productId: '',
    category: group ?? '',
    brand: group ?? '',
    name: '',
    quantityMilli: 0,
    weighedMilli: 0,
    grossCents: 0,
    discountCents: 0,
    taxCents: 0,
    costCents: null,
    deals: [],
  };
  return { sale, line };
}
