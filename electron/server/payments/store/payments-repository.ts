import type { Customer, PendingStage } from '../../../../shared/contracts/payment.js';
import type { Db } from '../../db/database.js';
import type { PaymentOutcome, StoredPayment } from './payment-types.js';

export const PAYMENT_COLUMNS = `id, session_id AS sessionId, organization_id AS organizationId, dispensary_id AS dispensaryId,
  order_id AS orderId, ticket_alpha_num_id AS ticketAlphaNumId, processor_id AS processorId, processor_name AS processorName,
  device_id AS deviceId, method, entry, status, stage, provider_trans_type AS providerTransType,
  provider_payment_type AS providerPaymentType, payment_direction AS paymentDirection, last_action AS lastAction,
  amount_cents AS amount, tip_cents AS tip, tax_cents AS tax, fee_cents AS fee, cashback_cents AS cashback,
  charged_cents AS charged, tendered_cents AS tendered, change_cents AS change, refunded_cents AS refunded, captured,
  charge_id AS chargeId, invoice_id AS invoiceId, response_code AS responseCode, response_message AS responseMessage,
  response_detail AS responseDetail, reference_number AS referenceNumber, card_brand AS cardBrand, card_last4 AS cardLast4,
  customer_json AS customer, employee_ref AS employeeRef, associate_id AS associateId,
  transacting_associate_id AS transactingAssociateId, actor, created_at AS createdAt, updated_at AS updatedAt,
  completed_at AS completedAt`;

/** A payments row as SQLite returns it. */
export type PaymentRow = Omit<StoredPayment, 'captured' | 'customer'> & { captured: number; customer: string | null };

export const toStoredPayment = (row: PaymentRow): StoredPayment => ({
  ...row,
  captured: row.captured === 1,
  customer: row.customer === null ? null : (JSON.parse(row.customer) as Customer),
});

/** Sums of an order's or a session's payments that hold money: approved, or still pending. */
export interface PaymentTotals {
  approvedAmount: number;
  approvedTip: number;
  pendingAmount: number;
  pendingTip: number;
  /** Approved authorizations not captured yet (ACH). */
  uncaptured: number;
}

const TOTALS = `SELECT
    COALESCE(SUM(CASE WHEN status = 'approved' THEN amount_cents END), 0) AS approvedAmount,
    COALESCE(SUM(CASE WHEN status = 'approved' THEN tip_cents END), 0) AS approvedTip,
    COALESCE(SUM(CASE WHEN status = 'pending' THEN amount_cents END), 0) AS pendingAmount,
    COALESCE(SUM(CASE WHEN status = 'pending' THEN tip_cents END), 0) AS pendingTip,
    COALESCE(SUM(CASE WHEN status = 'approved' AND captured = 0 THEN 1 END), 0) AS uncaptured
  FROM payments`;

/** Payment attempts and their results. Writers hold the durable write transaction. */
export class PaymentsRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert:
        db.prepare(`INSERT INTO payments (id, session_id, organization_id, dispensary_id, order_id, ticket_alpha_num_id,
          processor_id, processor_name, device_id, method, entry, status, stage, provider_trans_type, provider_payment_type,
          payment_direction, last_action, amount_cents, tip_cents, tax_cents, fee_cents, cashback_cents, charged_cents,
          tendered_cents, change_cents, refunded_cents, captured, charge_id, invoice_id, response_code, response_message,
          response_detail, reference_number, card_brand, card_last4, customer_json, employee_ref, associate_id,
          transacting_associate_id, actor, created_at, updated_at, completed_at)
        VALUES (@id, @sessionId, @organizationId, @dispensaryId, @orderId, @ticketAlphaNumId, @processorId, @processorName,
          @deviceId, @method, @entry, @status, @stage, @providerTransType, @providerPaymentType, @paymentDirection,
          @lastAction, @amount, @tip, @tax, @fee, @cashback, @charged, @tendered, @change, @refunded, @captured, @chargeId,
          @invoiceId, @responseCode, @responseMessage, @responseDetail, @referenceNumber, @cardBrand, @cardLast4,
          @customer, @employeeRef, @associateId, @transactingAssociateId, @actor, @createdAt, @updatedAt, @completedAt)`),
      byId: db.prepare<[string], PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = ?`),
      ofSession: db.prepare<[string], PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE session_id = ? ORDER BY created_at, id`,
      ),
      ofOrder: db.prepare<[string], PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE order_id = ? ORDER BY created_at, id`,
      ),
      pending: db.prepare<[], PaymentRow>(
        `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE status = 'pending' ORDER BY created_at`,
      ),
      orderTotals: db.prepare<[string], PaymentTotals>(`${TOTALS} WHERE order_id = ?`),
      sessionTotals: db.prepare<[string], PaymentTotals>(`${TOTALS} WHERE session_id = ?`),
      complete: db.prepare(`UPDATE payments SET status = @status, stage = @stage, last_action = @lastAction,
          response_code = @responseCode, response_message = @responseMessage, response_detail = @responseDetail,
          charge_id = @chargeId, captured = @captured, card_brand = @cardBrand, card_last4 = @cardLast4,
          updated_at = @updatedAt, completed_at = @completedAt
        WHERE id = @id AND status = @expectedStatus`),
      setStage: db.prepare(
        `UPDATE payments SET stage = @to, updated_at = @at, card_brand = COALESCE(@brand, card_brand),
           card_last4 = COALESCE(@last4, card_last4)
         WHERE id = @id AND status = 'pending' AND stage = @from`,
      ),
      addRefund: db.prepare(
        `UPDATE payments SET refunded_cents = refunded_cents + @amount, updated_at = @at, last_action = 'refund',
           status = CASE WHEN refunded_cents + @amount >= charged_cents THEN 'refunded' ELSE status END
         WHERE id = @id AND status = 'approved' AND refunded_cents + @amount <= charged_cents`,
      ),
    };
  }

  insert(payment: StoredPayment): void {
    this.statements.insert.run({
      ...payment,
      captured: payment.captured ? 1 : 0,
      customer: payment.customer === null ? null : JSON.stringify(payment.customer),
    });
  }

  find(id: string): StoredPayment | undefined {
    const row = this.statements.byId.get(id);
    return row && toStoredPayment(row);
  }

  ofSession(sessionId: string): StoredPayment[] {
    return this.statements.ofSession.all(sessionId).map(toStoredPayment);
  }

  ofOrder(orderId: string): StoredPayment[] {
    return this.statements.ofOrder.all(orderId).map(toStoredPayment);
  }

  /** Every payment still waiting for a processor, a PIN pad or a customer (oldest first). */
  pending(): StoredPayment[] {
    return this.statements.pending.all().map(toStoredPayment);
  }

  orderTotals(orderId: string): PaymentTotals {
    return this.statements.orderTotals.get(orderId)!;
  }

  sessionTotals(sessionId: string): PaymentTotals {
    return this.statements.sessionTotals.get(sessionId)!;
  }

  /** Writes a result; false when the payment was no longer `expectedStatus` (someone else settled it). */
  complete(id: string, outcome: PaymentOutcome, expectedStatus: StoredPayment['status'] = 'pending'): boolean {
    const row = { ...outcome, id, expectedStatus, captured: outcome.captured ? 1 : 0 };
    return this.statements.complete.run(row).changes === 1;
  }

  /**
   * Moves a pending payment from one stage to the next, with the card the PIN pad read; false when it
   * was not in `from` any more (canceled meanwhile).
   */
  setStage(
    id: string,
    from: PendingStage,
    to: PendingStage,
    at: string,
    card: { brand: string; last4: string } | null = null,
  ): boolean {
    return (
      this.statements.setStage.run({ id, from, to, at, brand: card?.brand ?? null, last4: card?.last4 ?? null })
        .changes === 1
    );
  }

  /** Adds a refund to an approved payment; it becomes `refunded` when all was given back. */
  addRefund(id: string, amount: number, at: string): boolean {
    return this.statements.addRefund.run({ id, amount, at }).changes === 1;
  }
}
