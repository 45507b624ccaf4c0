import type { Builder, Queryable } from '../db/query.js';
import { DaySums } from './day-sums.js';
import type { StoreDays } from './store-days.js';
import type { PeriodTotals } from './summary-figures.js';
import { compact, dayTotals, zeroTotals } from './summary-sums.js';

/** Each store's totals by store day. */
export type TotalsByStore = Map<string, Map<string, PeriodTotals>>;

/** Days `from`..`to` (indexes) of `days`, with the instant after the last. */
export const daysBetween = (days: StoreDays, from: number, to: number): StoreDays => ({
  days: days.days.slice(from, to + 1),
  starts: days.starts.slice(from, to + 2),
});

/**
 * The summary's totals of stores' days (README "Reports"): a closed day's as added up once
 * (`report_day_totals`, migration 52, written by `DayTotalsWriter`), any other day's (today, a day
 * changed since it was added up, a day of a store whose zone changed) added up now in SQL.
 */
export class DayTotals {
  private readonly sums: DaySums;

  constructor(private readonly k: Builder) {
    this.sums = new DaySums(k);
  }

  /** Every store's totals on every day of `days` (stores of one time zone, `timeZone`). */
  async of(q: Queryable, dispensaryIds: readonly string[], days: StoreDays, timeZone: string): Promise<TotalsByStore> {
    const found = await this.kept(q, dispensaryIds, days, timeZone);
    const missing = days.days.map((day) => dispensaryIds.filter((id) => !found.get(id)!.has(day)));
    for (let from = 0; from < days.days.length; from += 1) {
      if (missing[from]!.length === 0) continue;
      let to = from;
      while (to + 1 < days.days.length && missing[to + 1]!.length > 0) to += 1;
      const ids = [...new Set(missing.slice(from, to + 1).flat())];
      const live = await this.live(q, ids, daysBetween(days, from, to));
      for (const id of ids) {
        for (const [day, totals] of live.get(id)!) if (!found.get(id)!.has(day)) found.get(id)!.set(day, totals);
      }
      from = to;
    }
    return found;
  }

  /** The stores' days of `days` added up now, from their sales and payments. */
  async live(q: Queryable, dispensaryIds: readonly string[], days: StoreDays): Promise<TotalsByStore> {
    const [sales, deals, tenders] = [
      await this.sums.sales(q, dispensaryIds, days),
      await this.sums.deals(q, dispensaryIds, days),
      await this.sums.tenders(q, dispensaryIds, days),
    ];
    const ofStore = <T extends { dispensaryId: string }>(rows: readonly T[], id: string) =>
      rows.filter((row) => row.dispensaryId === id);
    return new Map(
      dispensaryIds.map((id) => [
        id,
        new Map(
          [...dayTotals(days, ofStore(sales, id), ofStore(deals, id), ofStore(tenders, id))].map(([day, totals]) => [
            day,
            compact(totals),
          ]),
        ),
      ]),
    );
  }

  /** The days of `days` kept added up for the stores in `timeZone`. */
  private async kept(
    q: Queryable,
    dispensaryIds: readonly string[],
    days: StoreDays,
    timeZone: string,
  ): Promise<TotalsByStore> {
    const rows = await q.all(
      this.k
        .selectFrom('report_day_totals')
        .select(['dispensary_id', 'day', 'totals'])
        .where('dispensary_id', 'in', dispensaryIds)
        .where('day', '>=', days.days[0]!)
        .where('day', '<=', days.days.at(-1)!)
        .where('time_zone', '=', timeZone),
    );
    const found: TotalsByStore = new Map(dispensaryIds.map((id) => [id, new Map()]));
    for (const row of rows) found.get(row.dispensary_id)!.set(row.day, JSON.parse(row.totals) as PeriodTotals);
    return found;
  }
}

/** A store's totals on `day`, none when it sold nothing. */
export const totalsOn = (totals: TotalsByStore, dispensaryId: string) => (day: string) =>
  totals.get(dispensaryId)?.get(day) ?? zeroTotals();
