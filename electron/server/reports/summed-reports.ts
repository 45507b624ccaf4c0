import type { SalesSort } from '../../../shared/contracts/reports.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { totalsOn, type DayTotals } from './day-totals.js';
import { splitRefunds } from './refunded-sales.js';
import type { ReportRows } from './report-rows.js';
import type { SummedGrouping } from './report-sums.js';
import { summedSalesGroups } from './sales-sums.js';
import type { StoreDays } from './store-days.js';
import { addSummaries } from './summary-figures.js';
import { summedRows } from './summary-sums.js';

/** Items by their store, every store of `stores` there (none: an empty list). */
function byStore<T extends { dispensaryId: string }>(stores: readonly Dispensary[], items: readonly T[]) {
  const found = new Map<string, T[]>(stores.map((store) => [store.id, []]));
  for (const item of items) found.get(item.dispensaryId)?.push(item);
  return (store: Dispensary) => found.get(store.id)!;
}

/**
 * The summary and the sales by an SQL-summed grouping of several stores of one time zone at once (a
 * chain's), a few statements for them all: each store's figures as `Reports` answers them.
 */
export class SummedReports {
  constructor(
    private readonly rows: ReportRows,
    private readonly days: DayTotals,
  ) {}

  /** Each store's summary rows by store day and their total. */
  async summaries(q: Queryable, stores: readonly Dispensary[], days: StoreDays, bySaleDay: boolean) {
    const ids = stores.map((store) => store.id);
    const zone = stores[0]!.timezone;
    const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
    const read = await this.rows.refunds(q, ids, start, end, bySaleDay);
    const parts = await splitRefunds(this.rows, q, read, zone);
    const refunds = byStore(stores, read);
    const totals = await this.days.of(q, ids, days, zone);
    return stores.map((store) => {
      const rows = summedRows(days, totalsOn(totals, store.id), refunds(store), bySaleDay, parts);
      return { rows, total: addSummaries(rows) };
    });
  }

  /** Each store's sales grouped `by`, sorted and cut to `limit`, and their total. */
  async sales(
    q: Queryable,
    stores: readonly Dispensary[],
    days: StoreDays,
    by: SummedGrouping,
    order: { sort: SalesSort; limit?: number; names: ReadonlyMap<string, string> },
  ) {
    const ids = stores.map((store) => store.id);
    const zone = stores[0]!.timezone;
    const groups = await this.days.groups(q, ids, days, zone, by);
    return stores.map((store) => {
      const ofDays = [...groups.get(store.id)!.values()];
      const summed = {
        by,
        sums: ofDays.flatMap((day) => day.sums),
        orders: ofDays.reduce((sum, day) => sum + day.orders, 0),
        returns: ofDays.flatMap((day) => day.returns),
        noLineCents: ofDays.reduce((sum, day) => sum + day.noLineCents, 0),
      };
      return summedSalesGroups(summed, order.sort, order.limit, order.names);
    });
  }
}
