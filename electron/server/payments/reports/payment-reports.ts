import type { PaymentMethod } from '../../../../shared/contracts/payment.js';
import type {
  ListedPayment,
  PaymentPage,
  PaymentSummary,
  PaymentTotals,
} from '../../../../shared/contracts/payment-reports.js';
import { PAYMENT_METHODS, type PaymentStatus } from '../../../../shared/contracts/payment.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import { creationWindow, decodeCursor, encodeCursor } from '../../db/newest-first.js';
import { toPaymentRecord } from '../store/payment-record.js';
import type { Queryable } from '../../db/query.js';
import type { ApprovedAmounts, ReportsRepository } from '../store/reports-repository.js';
import type { RefundsRepository } from '../store/refunds-repository.js';
import type { StoredPayment } from '../store/payment-types.js';
import { zonedParts, storeDay } from '../../../../shared/zoned-day.js';

/** Filters of `GET /v2.0/payments`. */
export interface ListFilters {
  ticketAlphaNumId?: string;
  status?: PaymentStatus;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
}

const zero = (): PaymentTotals => ({ count: 0, amount: 0, tip: 0, cashback: 0, charged: 0, refunded: 0 });

function add(totals: PaymentTotals, payment: ApprovedAmounts): void {
  totals.count += 1;
  totals.amount += payment.amount;
  totals.tip += payment.tip;
  totals.cashback += payment.cashback;
  totals.charged += payment.charged;
  totals.refunded += payment.refunded;
}

const HOUR_MS = 3_600_000;

/**
 * The local hour of an instant of the local day [from, to). On a day without a clock change every
 * hour is 60 minutes from the start; on the two days a year that have one, the time zone is asked.
 */
function localHours(from: string, to: string, timeZone: string): (instant: number) => number {
  const start = Date.parse(from);
  if (Date.parse(to) - start === 24 * HOUR_MS) return (instant) => Math.floor((instant - start) / HOUR_MS);
  return (instant) => zonedParts(new Date(instant), timeZone).hour;
}

/** The back office's payment listing and daily summary. */
export class PaymentReports {
  constructor(
    private readonly db: Queryable,
    private readonly reports: ReportsRepository,
    private readonly now: () => Date,
    private readonly refunds: RefundsRepository,
  ) {}

  async list(dispensary: Dispensary, filters: ListFilters): Promise<PaymentPage> {
    const chosen = {
      dispensaryId: dispensary.id,
      ticketAlphaNumId: filters.ticketAlphaNumId?.toUpperCase(),
      status: filters.status,
      ...creationWindow(filters.from, filters.to),
    };
    // A cursor pages the list of the store and filters it was issued for, and no other.
    const list = { name: 'payments', filter: chosen };
    const rows = await this.reports.list(this.db, {
      ...chosen,
      after: filters.cursor === undefined ? undefined : decodeCursor(list, filters.cursor),
      limit: filters.limit + 1,
    });
    const more = rows.length > filters.limit;
    const shown = more ? rows.slice(0, filters.limit) : rows;
    const last = shown.at(-1);
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      payments: await Promise.all(shown.map((payment) => this.listed(payment))),
      nextCursor: more && last ? encodeCursor(list, last.createdAt, last.id) : null,
    };
  }

  /** A payment with when it was made and its approved refunds (read only for a payment refunded). */
  private async listed(payment: StoredPayment): Promise<ListedPayment> {
    const refunds = payment.refunded > 0 ? await this.refunds.ofPayment(this.db, payment.id) : [];
    return {
      ...toPaymentRecord(payment),
      createdAt: payment.createdAt,
      refundedAmount: payment.refunded,
      refunds: refunds
        .filter((refund) => refund.status === 'approved')
        .map(({ id, amount, createdAt }) => ({ id, amount, createdAt })),
    };
  }

  /** Approved totals of one local day (default today), by method and by local hour, read from `db`. */
  async summary(dispensary: Dispensary, date?: string, db: Queryable = this.db): Promise<PaymentSummary> {
    const { day, from, to } = storeDay(date, dispensary.timezone, this.now());
    const hourOf = localHours(from, to, dispensary.timezone);
    const totals = zero();
    const byMethod = new Map<PaymentMethod, PaymentTotals>();
    const byHour = Array.from({ length: 24 }, zero);
    for (const payment of await this.reports.approved(db, dispensary.id, from, to)) {
      add(totals, payment);
      const method = byMethod.get(payment.method) ?? zero();
      add(method, payment);
      byMethod.set(payment.method, method);
      add(byHour[hourOf(Date.parse(payment.completedAt!))]!, payment);
    }
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      dispensaryShortName: dispensary.shortName,
      date: day,
      timeZone: dispensary.timezone,
      totals,
      byMethod: PAYMENT_METHODS.filter((method) => byMethod.has(method)).map((method) => ({
        method,
        ...byMethod.get(method)!,
      })),
      byHour: byHour.map((hourTotals, hour) => ({ hour, ...hourTotals })),
    };
  }
}
