import type {
  InventoryValueReport,
  ReportName,
  ReportQuery,
  SalesReport,
  SummaryReport,
  TaxReport,
} from '../../../shared/contracts/reports.js';
import { ServicePayError } from '../../../shared/errors.js';
import { checkRange, daysOf, previousRange, type DayRange } from '../../../shared/reports/report-range.js';
import { nextDay, startOfZonedDay, zonedDate } from '../../../shared/zoned-day.js';
import type { Builder, Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { requirePermission, type SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { ReportRead, ReportSource } from './report-source.js';
import { ReportRows, type RefundRow } from './report-rows.js';
import { salesGroups } from './sales-groups.js';
import { salesOf, type Sale } from './sales-of-rows.js';
import { stockAtDayEnd } from './stock-at-day.js';
import { addSummaries, summaryRows } from './summary-figures.js';
import { taxReport } from './tax-rows.js';

/** Any one store's report, as its route answers it. */
export type StoreReport = SummaryReport | SalesReport | TaxReport | InventoryValueReport;

/** A report's rows and total over one range of one store. */
interface Figures {
  rows: StoreReport['rows'];
  total: StoreReport['total'];
}

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

  constructor(
    private readonly k: Builder,
    private readonly source: ReportSource,
    private readonly access: StoreAccess,
    private readonly now: () => Date,
  ) {
    this.rows = new ReportRows(k);
  }

  /** The range a query asks for, checked; inventory-value's `from` is its `to` when not given. */
  static range(name: ReportName, query: Pick<ReportQuery, 'from' | 'to'>): DayRange {
    return name === 'inventory-value' ? checkRange(query.to, query.to) : checkRange(query.from, query.to);
  }

  /** One store's report, for someone who may read it there. */
  async store(actor: SetupActor, shortName: string, name: ReportName, query: ReportQuery): Promise<StoreReport> {
    const range = Reports.range(name, query);
    const store = await this.access.store(actor, shortName, REPORT_PERMISSION);
    const read = await this.source.read((q) => this.ofStore(q, store, name, range, query));
    return this.answer(read);
  }

  /** Every store of the actor's organization they may see (a store's login: its own), side by side. */
  async chain(actor: SetupActor & { kind: 'staff' }, name: ReportName, query: ReportQuery) {
    const range = Reports.range(name, query);
    requirePermission(actor, REPORT_PERMISSION);
    const { organizationId, dispensaryId } = actor.principal;
    const stores = (await this.access.dispensaries.list())
      .filter((store) => store.organizationId === organizationId)
      .filter((store) => dispensaryId === null || store.id === dispensaryId)
      .sort((a, b) => a.name.localeCompare(b.name));
    if (stores.length === 0) throw new ServicePayError('NOT_FOUND', 'your organization has no store to report on');
    const read = await this.source.read(async (q) => {
      const reports: StoreReport[] = [];
      for (const store of stores) reports.push(await this.ofStore(q, store, name, range, query));
      return reports;
    });
    return { reports: read.value.map((report) => this.answer({ ...read, value: report })), read, range };
  }

  private answer(read: ReportRead<StoreReport>): StoreReport {
    return { ...read.value, asOf: read.asOf, readFrom: read.from, fallback: read.fallback };
  }

  private async ofStore(
    q: Queryable,
    store: Dispensary,
    name: ReportName,
    range: DayRange,
    query: ReportQuery,
  ): Promise<StoreReport> {
    const figures = await this.figures(q, store, name, range, query);
    const before = previousRange(range);
    const previous =
      query.compare === 'previous' ? { ...before, ...(await this.figures(q, store, name, before, query)) } : null;
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      ...(name === 'sales' ? { by: query.by ?? 'category' } : {}),
      dispensaryShortName: store.shortName,
      dispensaryName: store.name,
      timeZone: store.timezone,
      from: range.from,
      to: range.to,
      asOf: '',
      readFrom: 'primary',
      fallback: null,
      ...figures,
      previous,
    } as StoreReport;
  }

  private async figures(
    q: Queryable,
    store: Dispensary,
    name: ReportName,
    range: DayRange,
    query: ReportQuery,
  ): Promise<Figures> {
    const zone = store.timezone;
    const { start, end } = instants(range, zone);
    if (name === 'inventory-value') {
      const today = zonedDate(this.now(), zone);
      const day = range.to < today ? range.to : today;
      return stockAtDayEnd(this.k, q, store.id, day, instants({ from: day, to: day }, zone).end);
    }
    const sales = salesOf(await this.rows.sold(q, store.id, start, end), zone);
    if (name === 'summary') {
      const bySaleDay = query.returns === 'by-sale-day';
      const refunds = await this.rows.refunds(q, store.id, start, end, bySaleDay);
      const tenders = await this.rows.tenders(q, store.id, start, end);
      const rows = summaryRows(daysOf(range), zone, sales, refunds, tenders, bySaleDay);
      return { rows, total: addSummaries(rows) };
    }
    if (name === 'tax') {
      const bySaleDay = query.returns === 'by-sale-day';
      const refunds = await this.rows.refunds(q, store.id, start, end, bySaleDay);
      return taxReport(sales, refunds, await this.refundedSales(q, refunds, zone), zone, bySaleDay);
    }
    const refunds = await this.rows.refunds(q, store.id, start, end);
    const refunded = await this.refundedSales(q, refunds, zone);
    const by = query.by ?? 'category';
    const names = by === 'budtender' ? await this.rows.staffNames(q, store.organizationId) : new Map<string, string>();
    return salesGroups(by, sales, refunds, refunded, query.sort ?? defaultSort(by), query.limit, names);
  }

  /** The sales the refunds hand money back for, by order (wherever their days are). */
  private async refundedSales(q: Queryable, refunds: readonly RefundRow[], zone: string): Promise<Map<string, Sale>> {
    const orderIds = [...new Set(refunds.flatMap((refund) => (refund.orderId ? [refund.orderId] : [])))];
    return new Map(salesOf(await this.rows.ofOrders(q, orderIds), zone).map((sale) => [sale.orderId, sale]));
  }
}

/** Hours and weekdays read in their order; every other grouping biggest first. */
const defaultSort = (by: string) => (by === 'hour' || by === 'weekday' ? 'name' : 'net');
