import type { SalesFigures, SalesRow, SalesSort } from '../../../shared/contracts/reports.js';
import type { RefundRow } from './report-rows.js';
import type { LineSums, SummedGrouping } from './report-sums.js';
import { GROUPS, Grouped } from './sales-groups.js';
import type { CountedLine, Sale } from './sales-of-rows.js';

/** The period's sales as SQL added them up (report-sums.ts), to the cent the same as `salesGroups`. */
export interface SummedSales {
  by: SummedGrouping;
  /** Each group's lines (of a day or several), their orders' tier discounts shared among them. */
  sums: readonly Omit<LineSums, 'dispensaryId'>[];
  /** How many distinct orders the period's sales were. */
  orders: number;
}

/** `salesGroups` from SQL sums: the same rows and total. */
export function summedSalesGroups(
  summed: SummedSales,
  refunds: readonly RefundRow[],
  refundedSales: ReadonlyMap<string, Sale>,
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
  grouped.refunds(refunds, refundedSales);
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
    grossCents: 0,
    discountCents: 0,
    taxCents: 0,
    costCents: null,
    deals: [],
  };
  return { sale, line };
}
