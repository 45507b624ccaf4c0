import { CompiledQuery, sql } from 'kysely';
import { shiftDay } from '../../../shared/reports/report-range.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { CURRENT_TOTALS, daysBetween, DayTotals, GROUP_COLUMN, KEPT_AS } from './day-totals.js';
import { SUMMED_GROUPINGS, type SummedGrouping } from './report-sums.js';
import { storeDays, type StoreDays } from './store-days.js';

/**
 * Days added up in one write: a week on SQLite (the statements run on the service's own thread, and a
 * register's week of sales adds up in tens of ms), a month on PostgreSQL (the triggers' deletes wait
 * for the table's lock meanwhile).
 */
const DAYS_A_WRITE = { sqlite: 7, postgres: 31 } as const;

/**
 * Keeps every closed store day added up (`report_day_totals`, migration 52), so a report of months
 * reads a row a day (README "Reports"): each store's days from its first sale to yesterday in its
 * zone that have no row (never added up, or deleted since by a change of theirs: the triggers), or
 * one kept before the summary had all its figures (CURRENT_TOTALS), are added up, a month a write.
 * On PostgreSQL the write first takes the table's lock that the triggers' deletes wait for: a
 * change committed before is read; one committed after deletes the new row. Runs on the node that
 * owns the data (core/midnight-job.ts), by `servicepay reports add-up`, or a test's hand.
 */
export class DayTotalsWriter {
  private readonly totals: DayTotals;
  private readonly stores: DispensaryRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
  ) {
    this.totals = new DayTotals(db.builder);
    this.stores = new DispensaryRepository(db);
  }

  /** Adds up every store's closed days not kept; answers how many days it added. */
  async run(): Promise<number> {
    let added = 0;
    for (const store of await this.stores.list()) added += await this.ofStore(store);
    return added;
  }

  /** Adds up `store`'s closed days not kept; answers how many. */
  async ofStore(store: Dispensary): Promise<number> {
    const k = this.db.builder;
    const zone = store.timezone;
    const first = await this.db.first(
      k
        .selectFrom('payments')
        .select((e) => e.fn.min('completed_at').as('at'))
        .where('dispensary_id', '=', store.id)
        .where(sql<boolean>`closes_sale = 1`),
    );
    // A sale paid without a payment (sale-closings.ts) may be the store's first.
    const unpaid = await this.db.first(
      k
        .selectFrom('orders')
        .select((e) => e.fn.min('created_at').as('at'))
        .where('dispensary_id', '=', store.id)
        // As migration 56's index says it, so that index finds them.
        .where(sql<boolean>`total_cents = 0 AND payment_status = 'PAID'`),
    );
    const firstAt = [first?.at, unpaid?.at].filter((at): at is string => typeof at === 'string').sort()[0];
    const today = zonedDate(this.now(), zone);
    const firstDay = firstAt ? zonedDate(new Date(firstAt), zone) : today;
    if (firstDay >= today) return 0;
    // Days kept in a zone the store no longer has are added up again in its own.
    const moved = k
      .deleteFrom('report_day_totals')
      .where('dispensary_id', '=', store.id)
      .where('time_zone', '<>', zone);
    const inOtherZone = await this.db.first(
      k
        .selectFrom('report_day_totals')
        .select('day')
        .where('dispensary_id', '=', store.id)
        .where('time_zone', '<>', zone)
        .limit(1),
    );
    if (inOtherZone) await this.db.write((tx) => tx.run(moved));
    const days = storeDays({ from: firstDay, to: shiftDay(today, -1) }, zone);
    const kept = await this.keptDays(this.db, store.id, days);
    let added = 0;
    for (let from = 0; from < days.days.length; from += 1) {
      if (kept.has(days.days[from]!)) continue;
      let to = from;
      const most = DAYS_A_WRITE[this.db.kind];
      while (to + 1 < days.days.length && to + 1 - from < most && !kept.has(days.days[to + 1]!)) to += 1;
      added += await this.addUp(store, daysBetween(days, from, to));
      // Whatever waits for this thread (a sale, a register's check) goes first.
      await new Promise((next) => setImmediate(next));
      from = to;
    }
    return added;
  }

  /** Adds up `days` of `store` in one write, but those kept meanwhile. */
  private addUp(store: Dispensary, days: StoreDays): Promise<number> {
    return this.db.write(async (tx) => {
      if (this.db.kind === 'postgres') {
        await tx.run(CompiledQuery.raw('LOCK TABLE report_day_totals IN SHARE ROW EXCLUSIVE MODE'));
      }
      const kept = await this.keptDays(tx, store.id, days);
      const live = (await this.totals.keptDays(tx, [store.id], days, store.timezone)).get(store.id)!;
      const at = this.now().toISOString();
      const rows = days.days.flatMap((day, index) => {
        if (kept.has(day)) return [];
        const { totals, groups } = live.get(day)!;
        const byGroup = Object.fromEntries(
          SUMMED_GROUPINGS.map((by) => [GROUP_COLUMN[by], JSON.stringify(groups[by])]),
        ) as Record<(typeof GROUP_COLUMN)[SummedGrouping], string>;
        return [
          {
            dispensary_id: store.id,
            day,
            time_zone: store.timezone,
            starts_at: days.starts[index]!,
            ends_at: days.starts[index + 1]!,
            totals: JSON.stringify({ ...totals, kept: KEPT_AS }),
            ...byGroup,
            added_at: at,
          },
        ];
      });
      if (rows.length === 0) return 0;
      // A day kept before the summary had all its figures (CURRENT_TOTALS) is replaced.
      const stale = rows.map((row) => row.day);
      await tx.run(
        this.db.builder.deleteFrom('report_day_totals').where('dispensary_id', '=', store.id).where('day', 'in', stale),
      );
      await tx.run(this.db.builder.insertInto('report_day_totals').values(rows));
      return rows.length;
    });
  }

  private async keptDays(q: Queryable, dispensaryId: string, days: StoreDays): Promise<Set<string>> {
    const rows = await q.all(
      this.db.builder
        .selectFrom('report_day_totals')
        .select('day')
        .where('dispensary_id', '=', dispensaryId)
        .where('day', '>=', days.days[0]!)
        .where('day', '<=', days.days.at(-1)!)
        .where(CURRENT_TOTALS),
    );
    return new Set(rows.map((row) => row.day));
  }
}
