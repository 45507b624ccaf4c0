import { sql } from 'kysely';
import type { Builder, Queryable } from '../db/query.js';
import { DaySums } from './day-sums.js';
import { GroupDaySums, type GroupSums } from './group-day-sums.js';
import { ReportRows } from './report-rows.js';
import { ReportSums, SUMMED_GROUPINGS, type SummedGrouping } from './report-sums.js';
import type { StoreDays } from './store-days.js';
import type { PeriodTotals } from './summary-figures.js';
import { compact, dayTotals, zeroTotals } from './summary-sums.js';

/** Each store's figures by store day. */
export type ByStoreDay<T> = Map<string, Map<string, T>>;
/** Each store's summary totals by store day. */
export type TotalsByStore = ByStoreDay<PeriodTotals>;

/** What a kept day holds: the summary's totals and the sales by each summed grouping. */
export interface KeptDay {
  totals: PeriodTotals;
  groups: Record<SummedGrouping, GroupSums>;
}

/** The column of `report_day_totals` each summed grouping is kept in (JSON). */
export const GROUP_COLUMN = {
  category: 'by_category',
  brand: 'by_brand',
  budtender: 'by_budtender',
  register: 'by_register',
  'customer-type': 'by_customer_type',
} as const satisfies Record<SummedGrouping, string>;

type KeptColumn = 'totals' | (typeof GROUP_COLUMN)[SummedGrouping];

/**
 * What a kept day's totals say it was added up as (`kept`): 2 since a sale is counted once, at its last
 * closing payment, and a sale paid without a payment counts (sale-closings.ts); 3 since the returns
 * its groupings keep are before tax and of sales only (refund-parts.ts); 4 since each of those returns
 * keeps what the goods it put back in stock cost (returned-cost.ts: margins after returns).
 */
export const KEPT_AS = 4;

/**
 * A kept day holds the figures the summary has now: days added up before the payments put apart
 * (paid-apart.ts) were kept, or before KEPT_AS, are read from their sales and added up again
 * (day-totals-writer.ts).
 */
export const CURRENT_TOTALS = sql<boolean>`(totals LIKE ${'%"paidEarlierCents"%'} AND totals LIKE ${`%"kept":${KEPT_AS}%`})`;

/** Days `from`..`to` (indexes) of `days`, with the instant after the last. */
export const daysBetween = (days: StoreDays, from: number, to: number): StoreDays => ({
  days: days.days.slice(from, to + 1),
  starts: days.starts.slice(from, to + 2),
});

/**
 * The figures of stores' days the summary and the sales by an SQL-summed grouping read (README
 * "Reports"): a closed day's as added up once (`report_day_totals`, migration 52, written by
 * `DayTotalsWriter`), any other day's (today, a day changed since it was added up, a day of a store
 * whose zone changed) added up now in SQL.
 */
export class DayTotals {
  private readonly sums: DaySums;
  private readonly groupSums: GroupDaySums;

  constructor(private readonly k: Builder) {
    this.sums = new DaySums(k);
    this.groupSums = new GroupDaySums(new ReportRows(k), new ReportSums(k));
  }

  /** Every store's summary totals on every day of `days` (stores of one time zone, `timeZone`). */
  of(q: Queryable, dispensaryIds: readonly string[], days: StoreDays, timeZone: string): Promise<TotalsByStore> {
    return this.keptOrLive<PeriodTotals>(q, dispensaryIds, days, timeZone, 'totals', (ids, some) =>
      this.live(q, ids, some),
    );
  }

  /** Every store's sales by `by` on every day of `days`. */
  groups(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    timeZone: string,
    by: SummedGrouping,
  ): Promise<ByStoreDay<GroupSums>> {
    return this.keptOrLive(q, dispensaryIds, days, timeZone, GROUP_COLUMN[by], (ids, some) =>
      this.groupSums.live(q, ids, some, by, timeZone),
    );
  }

  /** The stores' days of `days` added up now, from their sales and payments: the summary's totals. */
  async live(q: Queryable, dispensaryIds: readonly string[], days: StoreDays): Promise<TotalsByStore> {
    const [sales, deals, tenders, apart] = [
      await this.sums.sales(q, dispensaryIds, days),
      await this.sums.deals(q, dispensaryIds, days),
      await this.sums.tenders(q, dispensaryIds, days),
      await this.sums.apart(q, dispensaryIds, days),
    ];
    const ofStore = <T extends { dispensaryId: string }>(rows: readonly T[], id: string) =>
      rows.filter((row) => row.dispensaryId === id);
    return new Map(
      dispensaryIds.map((id) => {
        const totals = dayTotals(
          days,
          ofStore(sales, id),
          ofStore(deals, id),
          ofStore(tenders, id),
          ofStore(apart, id),
        );
        return [id, new Map([...totals].map(([day, each]) => [day, compact(each)]))];
      }),
    );
  }

  /** The stores' days of `days` added up now, as a kept day holds them: the summary and every grouping. */
  async keptDays(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    timeZone: string,
  ): Promise<ByStoreDay<KeptDay>> {
    const totals = await this.live(q, dispensaryIds, days);
    const groups = await this.groupSums.liveBy(q, dispensaryIds, days, SUMMED_GROUPINGS, timeZone);
    return new Map(
      dispensaryIds.map((id) => [
        id,
        new Map(
          days.days.map((day) => [
            day,
            {
              totals: totals.get(id)!.get(day)!,
              groups: Object.fromEntries(
                SUMMED_GROUPINGS.map((by) => [by, groups.get(by)!.get(id)!.get(day)!]),
              ) as KeptDay['groups'],
            },
          ]),
        ),
      ]),
    );
  }

  /**
   * Each store's `column` of its kept days in `timeZone`, and for days without one what `live` adds
   * up, a stretch of such days at a time.
   */
  private async keptOrLive<T>(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    timeZone: string,
    column: KeptColumn,
    live: (ids: readonly string[], some: StoreDays) => Promise<ByStoreDay<T>>,
  ): Promise<ByStoreDay<T>> {
    const found = await this.kept<T>(q, dispensaryIds, days, timeZone, column);
    const missing = days.days.map((day) => dispensaryIds.filter((id) => !found.get(id)!.has(day)));
    for (let from = 0; from < days.days.length; from += 1) {
      if (missing[from]!.length === 0) continue;
      let to = from;
      while (to + 1 < days.days.length && missing[to + 1]!.length > 0) to += 1;
      const ids = [...new Set(missing.slice(from, to + 1).flat())];
      const added = await live(ids, daysBetween(days, from, to));
      for (const id of ids) {
        for (const [day, figures] of added.get(id)!) if (!found.get(id)!.has(day)) found.get(id)!.set(day, figures);
      }
      from = to;
    }
    return found;
  }

  /** The days of `days` kept added up for the stores in `timeZone`: each one's `column`. */
  private async kept<T>(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    timeZone: string,
    column: KeptColumn,
  ): Promise<ByStoreDay<T>> {
    const rows = await q.all(
      this.k
        .selectFrom('report_day_totals')
        .select(['dispensary_id', 'day', `${column} as json`])
        .where('dispensary_id', 'in', dispensaryIds)
        .where('day', '>=', days.days[0]!)
        .where('day', '<=', days.days.at(-1)!)
        .where('time_zone', '=', timeZone)
        .where(CURRENT_TOTALS),
    );
    const found: ByStoreDay<T> = new Map(dispensaryIds.map((id) => [id, new Map()]));
    for (const row of rows) found.get(row.dispensary_id)!.set(row.day, JSON.parse(row.json) as T);
    return found;
  }
}

/** A store's totals on `day`, none when it sold nothing. */
export const totalsOn = (totals: TotalsByStore, dispensaryId: string) => (day: string) =>
  totals.get(dispensaryId)?.get(day) ?? zeroTotals();
