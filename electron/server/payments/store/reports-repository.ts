import type { Statement } from 'better-sqlite3';
import type { PaymentStatus } from '../../../../shared/contracts/payment.js';
import type { Db } from '../../db/database.js';
import type { StoredPayment } from './payment-types.js';
import { PAYMENT_COLUMNS, toStoredPayment, type PaymentRow } from './payments-repository.js';

/** Filters of a payment listing; newest first, paged by the (createdAt, id) of the last row seen. */
export interface PaymentQuery {
  dispensaryId: string;
  ticketAlphaNumId?: string;
  status?: PaymentStatus;
  createdFrom?: string;
  createdBefore?: string;
  after?: { createdAt: string; id: string };
  limit: number;
}

/** Read-only queries of the back office over payments. */
export class ReportsRepository {
  private readonly approvedBetween;
  /** Listing statements by their filter combination (at most 32), prepared once each. */
  private readonly listings = new Map<string, Statement<Record<string, unknown>, PaymentRow>>();

  constructor(private readonly db: Db) {
    this.approvedBetween = db.prepare<[string, string, string], PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments
        WHERE dispensary_id = ? AND status IN ('approved', 'refunded') AND completed_at >= ? AND completed_at < ?`,
    );
  }

  list(query: PaymentQuery): StoredPayment[] {
    const where = ['dispensary_id = @dispensaryId'];
    if (query.ticketAlphaNumId) where.push('ticket_alpha_num_id = @ticketAlphaNumId');
    if (query.status) where.push('status = @status');
    if (query.createdFrom) where.push('created_at >= @createdFrom');
    if (query.createdBefore) where.push('created_at < @createdBefore');
    if (query.after) where.push('(created_at < @afterCreatedAt OR (created_at = @afterCreatedAt AND id < @afterId))');
    const sql = `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE ${where.join(' AND ')}
      ORDER BY created_at DESC, id DESC LIMIT @limit`;
    let statement = this.listings.get(sql);
    if (!statement) {
      statement = this.db.prepare<Record<string, unknown>, PaymentRow>(sql);
      this.listings.set(sql, statement);
    }
    const rows = statement.all({
      dispensaryId: query.dispensaryId,
      ticketAlphaNumId: query.ticketAlphaNumId,
      status: query.status,
      createdFrom: query.createdFrom,
      createdBefore: query.createdBefore,
      afterCreatedAt: query.after?.createdAt,
      afterId: query.after?.id,
      limit: query.limit,
    });
    return rows.map(toStoredPayment);
  }

  /** Payments of a dispensary approved in [from, to) and not voided (refunded ones included). */
  approved(dispensaryId: string, from: string, to: string): StoredPayment[] {
    return this.approvedBetween.all(dispensaryId, from, to).map(toStoredPayment);
  }
}
