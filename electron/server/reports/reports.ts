import type {
  InventoryValueReport,
  LeftOutStore,
  ReportName,
  ReportQuery,
  SalesReport,
  SummaryReport,
  TaxReport,
} from '../../../shared/contracts/reports.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { checkRange, dayNumber, notADay, previousRange, type DayRange } from '../../../shared/reports/report-range.js';
import { nextDay, startOfZonedDay } from '../../../shared/zoned-day.js';
import type { Builder, Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { requirePermission, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { ReportRead, ReportSource } from './report-source.js';
import { refundedSales } from './refunded-sales.js';
import { ReportRows } from './report-rows.js';
import { salesGroups } from './sales-groups.js';
import { salesOf } from './sales-of-rows.js';
import { stockAtDayEnd } from './stock-at-day.js';
import { checkDayEnded, checkSomeRecords, splitByRecords, storeStarts } from './stock-days.js';
import { DayTotals } from './day-totals.js';
import { isSummed, type SummedGrouping } from './report-sums.js';
import { storeDays } from './store-days.js';
import { SummedReports } from './summed-reports.js';
import { taxReport } from './tax-rows.js';

/** Any one store's report, as its route answers it. */
export type StoreReport = SummaryReport | SalesReport | TaxReport | InventoryValueReport;

/** A report's rows and total over one range of one store. */
interface Figures {
  rows: StoreReport['rows'];
  total: StoreReport['total'];
}

/**
 * The stores' reports, and the stores an inventory value leaves out of its day and of the previous
 * one (their records start after it; README "Reports"); none for any other report.
 */
interface StoresAnswer {
  reports: StoreReport[];
  leftOut: LeftOutStore[];
  previousLeftOut: LeftOutStore[];
}

/**
 * What a report is asked for: the query string, whose `from` inventory-value's route lets a caller
 * leave out (the stock at the end of day `to`); every other report's route requires it.
 */
export type ReportAsk = Omit<ReportQuery, 'from'> & { from?: string };

/** Reports read with `audit:read`: managers and admins, never cashiers or partners. */
export const REPORT_PERMISSION = 'audit:read';

/** The first instant of store day `day` and the first after store day `to` (ISO). */
function instants(range: DayRange, timeZone: string): { start: string; end: string } {
  return {
    start: startOfZonedDay(range.from, timeZone).toISOString(),
    end: startOfZonedDay(nextDay(range.to), timeZone).toISOString(),
  };
}

/**
 * The reports a manager and a chain run the business on (README "Reports"): each read through the
 * report source (the primary, or a read replica), a few statements per store and range.
 */
export class Reports {
  private readonly rows: ReportRows;
  private readonly summed: SummedReports;

  constructor(
    private readonly k: Builder,
    private readonly source: ReportSource,
    private readonly access: StoreAccess,
    private readonly now: () => Date,
  ) {
    this.rows = new ReportRows(k);
    this.summed = new SummedReports(this.rows, new DayTotals(k));
  }

  /** The range a query asks for, checked; inventory-value's is its day `to` (its `from` is not read). */
  static range(name: ReportName, query: Pick<ReportAsk, 'from' | 'to'>): DayRange {
    if (name === 'inventory-value') {
      // Its one day is `to`: a date that is not one is said of `to`, whatever `from` says.
      if (Number.isNaN(dayNumber(query.to))) throw notADay('to', query.to);
      return checkRange(query.to, query.to);
    }
    if (query.from === undefined) {
      throw invalidInput('from', `is required for the ${name} report: its first store day (YYYY-MM-DD)`);
    }
    return checkRange(query.from, query.to);
  }

  /** One store's report, for someone who may read it there. */
  async store(actor: SetupActor, shortName: string, name: ReportName, query: ReportAsk): Promise<StoreReport> {
    const range = Reports.range(name, query);
    const store = await this.access.store(actor, shortName, REPORT_PERMISSION);
    const read = await this.source.read(async (q) => (await this.ofStores(q, [store], name, range, query)).reports[0]!);
    return this.answer(read);
  }

  /** Every store of the actor's organization they may see (a store's login: its own), side by side. */
  async chain(actor: SetupActor & { kind: 'staff' }, name: ReportName, query: ReportAsk) {
    const range = Reports.range(name, query);
    requirePermission(actor, REPORT_PERMISSION);
    const { organizationId, dispensaryId } = actor.principal;
    const stores = (await this.access.dispensaries.list())
      .filter((store) => store.organizationId === organizationId)
      .filter((store) => dispensaryId === null || store.id === dispensaryId)
      .sort((a, b) => a.name.localeCompare(b.name));
    if (stores.length === 0) throw new ServicePayError('NOT_FOUND', 'your organization has no store to report on');
    const read = await this.source.read((q) => this.ofStores(q, stores, name, range, query));
    const { reports, leftOut, previousLeftOut } = read.value;
    return {
      reports: reports.map((report) => this.answer({ ...read, value: report })),
      read,
      range,
      leftOut,
      previousLeftOut,
    };
  }

  private answer(read: ReportRead<StoreReport>): StoreReport {
    return { ...read.value, asOf: read.asOf, readFrom: read.from, fallback: read.fallback };
  }

  private async ofStores(
    q: Queryable,
    stores: readonly Dispensary[],
    name: ReportName,
    range: DayRange,
    query: ReportAsk,
  ): Promise<StoresAnswer> {
    const before = previousRange(range);
    const compare = query.compare === 'previous';
    let asked = stores;
    let compared = stores;
    let leftOut: LeftOutStore[] = [];
    let previousLeftOut: LeftOutStore[] = [];
    const starts = new Map<string, string>();
    if (name === 'inventory-value') {
      // The stock at the end of a day that has not ended is not known; nor before a store's records:
      // such a store is left out (and said), the day refused when no store asked for has records of it.
      checkDayEnded(stores, range.to, this.now());
      const known = await storeStarts(this.k, q, stores);
      checkSomeRecords(known, range.to);
      for (const { store, start } of known) starts.set(store.id, start);
      const day = splitByRecords(known, range.to);
      const previous = splitByRecords(day.kept, before.to);
      asked = day.kept.map(({ store }) => store);
      compared = previous.kept.map(({ store }) => store);
      leftOut = day.leftOut;
      previousLeftOut = compare ? previous.leftOut : [];
    }
    const figures = await this.figuresOf(q, asked, name, range, query);
    const previous = new Map<string, Figures>();
    if (compare) {
      const then = await this.figuresOf(q, compared, name, before, query);
      compared.forEach((store, index) => previous.set(store.id, then[index]!));
    }
    const reports = asked.map((store, index) => {
      const then = previous.get(store.id);
      return {
        resultCode: 'SUCCESS',
        resultReason: null,
        ...(name === 'sales' ? { by: query.by ?? 'category' } : {}),
        ...(name === 'inventory-value' ? { firstDay: starts.get(store.id)! } : {}),
        dispensaryShortName: store.shortName,
        dispensaryName: store.name,
        timeZone: store.timezone,
        from: range.from,
        to: range.to,
        asOf: '',
        readFrom: 'primary',
        fallback: null,
        ...figures[index]!,
        previous: then ? { ...before, ...then } : null,
      } as StoreReport;
    });
    return { reports, leftOut, previousLeftOut };
  }

  /**
   * Each store's figures: the summary and the sales by an SQL-summed grouping for all the stores of
   * a time zone at once (summed-reports.ts), any other report store by store.
   */
  private async figuresOf(
    q: Queryable,
    stores: readonly Dispensary[],
    name: ReportName,
    range: DayRange,
    query: ReportAsk,
  ): Promise<Figures[]> {
    const by = query.by ?? 'category';
    if (name !== 'summary' && !(name === 'sales' && isSummed(by))) {
      const figures: Figures[] = [];
      for (const store of stores) figures.push(await this.figures(q, store, name, range, query));
      return figures;
    }
    const found = new Map<string, Figures>();
    const zones = new Map<string, Dispensary[]>();
    for (const store of stores) zones.set(store.timezone, [...(zones.get(store.timezone) ?? []), store]);
    for (const [zone, inZone] of zones) {
      const days = storeDays(range, zone);
      let figures: Figures[];
      if (name === 'summary') figures = await this.summed.summaries(q, inZone, days, query.returns === 'by-sale-day');
      else {
        const names = await this.namesFor(q, inZone[0]!, by);
        const order = { sort: query.sort ?? defaultSort(by), limit: query.limit, names };
        figures = await this.summed.sales(q, inZone, days, by as SummedGrouping, order);
      }
      inZone.forEach((store, index) => found.set(store.id, figures[index]!));
    }
    return stores.map((store) => found.get(store.id)!);
  }

  /** One store's tax report, inventory value, or sales by a grouping SQL does not add up (hours, products). */
  private async figures(
    q: Queryable,
    store: Dispensary,
    name: ReportName,
    range: DayRange,
    query: ReportAsk,
  ): Promise<Figures> {
    const zone = store.timezone;
    const { start, end } = instants(range, zone);
    if (name === 'inventory-value') return stockAtDayEnd(this.k, q, store.id, range.to, end);
    const sales = salesOf(await this.rows.sold(q, store.id, start, end), zone);
    if (name === 'tax') {
      const bySaleDay = query.returns === 'by-sale-day';
      const refunds = await this.rows.refunds(q, [store.id], start, end, bySaleDay);
      return taxReport(sales, refunds, await refundedSales(this.rows, q, refunds, zone), zone, bySaleDay);
    }
    const refunds = await this.rows.refunds(q, [store.id], start, end);
    const refunded = await refundedSales(this.rows, q, refunds, zone);
    const by = query.by ?? 'category';
    const names = await this.namesFor(q, store, by);
    return salesGroups(by, sales, refunds, refunded, query.sort ?? defaultSort(by), query.limit, names);
  }

  private namesFor(q: Queryable, store: Dispensary, by: string): Promise<Map<string, string>> {
    return by === 'budtender' ? this.rows.staffNames(q, store.organizationId) : Promise.resolve(new Map());
  }
}

/** Hours and weekdays read in their order; every other grouping biggest first. */
const defaultSort = (by: string) => (by === 'hour' || by === 'weekday' ? 'name' : 'net');
