import type { Db } from '../../db/database.js';

/** One refund of a payment, as the processor answered it. */
export interface RefundRecord {
  id: string;
  paymentId: string;
  amount: number;
  status: 'approved' | 'declined' | 'error';
  responseCode: string;
  responseDetail: string;
  actor: string;
  createdAt: string;
}

/** Refunds (approved or not) of payments. Writers hold the durable write transaction. */
export class RefundsRepository {
  private readonly insertStmt;
  private readonly ofPaymentStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(`INSERT INTO payment_refunds (id, payment_id, amount_cents, status, response_code,
        response_detail, actor, created_at)
      VALUES (@id, @paymentId, @amount, @status, @responseCode, @responseDetail, @actor, @createdAt)`);
    this.ofPaymentStmt = db.prepare<[string], RefundRecord>(`SELECT id, payment_id AS paymentId, amount_cents AS amount,
        status, response_code AS responseCode, response_detail AS responseDetail, actor, created_at AS createdAt
      FROM payment_refunds WHERE payment_id = ? ORDER BY created_at, id`);
  }

  insert(refund: RefundRecord): void {
    this.insertStmt.run(refund);
  }

  ofPayment(paymentId: string): RefundRecord[] {
    return this.ofPaymentStmt.all(paymentId);
  }
}
