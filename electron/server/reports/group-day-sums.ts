import type { Queryable } from '../db/query.js';
import { refundParts } from './refund-parts.js';
import type { ReadRefund, ReportRows } from './report-rows.js';
import { restockedCosts } from './returned-cost.js';
import type { LineSums, ReportSums, SummedGrouping } from './report-sums.js';
import { salesOf, type CountedLine, type Sale } from './sales-of-rows.js';
import { dayAt, type StoreDays } from './store-days.js';

/** A group's lines of one day, added up: its raw group (the SQL column's value) and figures. */
export type GroupLineSums = Omit<LineSums, 'dispensaryId'>;

/**
 * One store day's sales by a grouping: its distinct orders, each group's lines with their tier
 * shares, and the refunds handed out that day shared among their sales' lines, by raw group (and
 * those of no sale line).
 */
export interface GroupSums {
  orders: number;
  sums: GroupLineSums[];
  /** Each line's return, and what the goods it put back in stock cost (null: the line's cost is not known). */
  returns: GroupReturn[];
  noLineCents: number;
}

/** A sale line's share of a return, by raw group: its cents and its cost put back in stock (returned-cost.ts). */
export type GroupReturn = [group: string | null, cents: number, costBack: number | null];

/** The value of `by`'s SQL column (report-sums.ts `GROUP_COLUMNS`) for a sale's line. */
function rawGroup(by: SummedGrouping, sale: Sale, line: CountedLine): string | null {
  switch (by) {
    case 'category':
      return line.category;
    case 'brand':
      return line.brand;
    case 'budtender':
      return sale.budtender;
    case 'register':
      return sale.register;
    case 'customer-type':
      return sale.customerType === 'medical' ? 'medical' : 'adult_use';
  }
}

/**
 * Adds the day's returns (refund-parts.ts: before tax) to its groups, each shared among its sale's
 * lines with the cost of what it put back in stock, as `Grouped.refunds` does.
 */
function foldRefunds(
  on: (dispensaryId: string, at: string) => GroupSums,
  by: SummedGrouping,
  refunds: readonly ReadRefund[],
  sales: ReadonlyMap<string, Sale>,
): void {
  for (const refund of refunds) {
    const day = on(refund.dispensaryId, refund.at);
    const sale = refund.orderId === null ? undefined : sales.get(refund.orderId);
    const { returnCents, lines } = refundParts(refund, sale);
    if (!sale || lines.length === 0) {
      day.noLineCents += returnCents;
      continue;
    }
    const costs = restockedCosts(sale, refund.lines ?? []);
    sale.lines.forEach((line, index) => day.returns.push([rawGroup(by, sale, line), lines[index]!, costs[index]!]));
  }
}

/** Adds to `day` what the order's tier discount shared among its lines changes: `full` has it, `bare` not. */
function foldTierShare(day: GroupSums, by: SummedGrouping, full: Sale, bare: Sale): void {
  full.lines.forEach((line, index) => {
    const share = line.discountCents - bare.lines[index]!.discountCents;
    if (share === 0) return;
    const group = rawGroup(by, full, line);
    let sums = day.sums.find((each) => each.group === group);
    if (!sums) {
      sums = {
        group,
        orders: 0,
        quantityMilli: 0,
        weighedMilli: 0,
        grossCents: 0,
        discountCents: 0,
        taxCents: 0,
        costCents: 0,
        marginCents: 0,
        netWithoutCostCents: 0,
      };
      day.sums.push(sums);
    }
    sums.discountCents += share;
    if (line.costCents === null) sums.netWithoutCostCents -= share;
    else sums.marginCents -= share;
  });
}

/**
 * The sales by an SQL-summed grouping of stores' days, each day apart (README "Reports"): the lines
 * added up in SQL by group and day, and an order's tier discount shared among its lines (which SQL
 * cannot) read line by line and folded into its groups, so days add up to a range to the cent.
 */
export class GroupDaySums {
  constructor(
    private readonly rows: ReportRows,
    private readonly sums: ReportSums,
  ) {}

  /** The stores' days of `days` by `by`. */
  async live(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    by: SummedGrouping,
    timeZone: string,
  ): Promise<Map<string, Map<string, GroupSums>>> {
    return (await this.liveBy(q, dispensaryIds, days, [by], timeZone)).get(by)!;
  }

  /** The stores' days of `days` by each of `groupings`: the orders, refunds and tiered sales read once for all. */
  async liveBy(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    groupings: readonly SummedGrouping[],
    timeZone: string,
  ): Promise<Map<SummedGrouping, Map<string, Map<string, GroupSums>>>> {
    const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
    const orders = await this.sums.ordersByDay(q, dispensaryIds, days);
    const refunds = await this.rows.refunds(q, dispensaryIds, start, end);
    const refunded = [...new Set(refunds.flatMap((refund) => (refund.orderId ? [refund.orderId] : [])))];
    const sales = new Map(salesOf(await this.rows.ofOrders(q, refunded), timeZone).map((sale) => [sale.orderId, sale]));
    const tiered = await this.sums.tiered(q, dispensaryIds, start, end);
    const storeOf = new Map(tiered.map((each) => [each.orderId, each.dispensaryId]));
    const lines =
      tiered.length === 0
        ? []
        : await this.rows.soldOf(
            q,
            dispensaryIds,
            start,
            end,
            tiered.map((each) => each.orderId),
          );
    const [full, bare] = [salesOf(lines, timeZone), salesOf(lines, timeZone, false)];
    const result = new Map<SummedGrouping, Map<string, Map<string, GroupSums>>>();
    for (const by of groupings) {
      const empty = (): GroupSums => ({ orders: 0, sums: [], returns: [], noLineCents: 0 });
      const found = new Map(dispensaryIds.map((id) => [id, new Map(days.days.map((day) => [day, empty()]))]));
      const on = (dispensaryId: string, at: string) => found.get(dispensaryId)!.get(dayAt(days, at))!;
      for (const row of orders) on(row.dispensaryId, row.at).orders += row.orders;
      for (const { dispensaryId, at, ...sums } of await this.sums.linesByDay(q, dispensaryIds, days, by)) {
        on(dispensaryId, at).sums.push(sums);
      }
      foldRefunds(on, by, refunds, sales);
      full.forEach((sale, index) =>
        foldTierShare(on(storeOf.get(sale.orderId)!, sale.closedAt), by, sale, bare[index]!),
      );
      result.set(by, found);
    }
    return result;
  }
}
