import { sql } from 'kysely';
import type { PendingStage } from '../../../../shared/contracts/payment.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentOutcome, StoredPayment } from './payment-types.js';
import type { PaymentChanges } from './payment-changes.js';
import { selectPayments, toStoredPayment } from './payment-rows.js';
import { paymentTotals, type PaymentTotals } from './payment-totals.js';

export type { PaymentTotals } from './payment-totals.js';

type InsertParams = Omit<StoredPayment, 'customer' | 'captured' | 'closesSale'> & {
  customer: string | null;
  captured: number;
  closesSale: number;
  instanceId: string | null;
};

type OutcomeParams = Omit<PaymentOutcome, 'captured'> & { id: string; expectedStatus: string; captured: number };

/**
 * Payment attempts and their results. Writers hold the durable write transaction; every result and
 * refund they write is announced to the payment's listeners in it (./payment-changes.ts: webhooks,
 * state reporting).
 */
export class PaymentsRepository {
  private readonly q;

  /**
   * @param instanceId the service instance that drives the payments this repository starts or moves
   * on (PIN pad, processor call, paylink), so another takes them over if it goes away
   */
  constructor(
    db: DataLayer,
    private readonly events: PaymentChanges,
    private readonly instanceId: string | null = null,
  ) {
    this.q = {
      insert: db.prepare((k, p: InsertParams) =>
        k.insertInto('payments').values({
          id: p.id,
          session_id: p.sessionId,
          organization_id: p.organizationId,
          dispensary_id: p.dispensaryId,
          order_id: p.orderId,
          ticket_alpha_num_id: p.ticketAlphaNumId,
          processor_id: p.processorId,
          processor_name: p.processorName,
          device_id: p.deviceId,
          method: p.method,
          entry: p.entry,
          status: p.status,
          stage: p.stage,
          provider_trans_type: p.providerTransType,
          provider_payment_type: p.providerPaymentType,
          payment_direction: p.paymentDirection,
          last_action: p.lastAction,
          amount_cents: p.amount,
          tip_cents: p.tip,
          tax_cents: p.tax,
          fee_cents: p.fee,
          cashback_cents: p.cashback,
          charged_cents: p.charged,
          tendered_cents: p.tendered,
          change_cents: p.change,
          refunded_cents: p.refunded,
          captured: p.captured,
          charge_id: p.chargeId,
          invoice_id: p.invoiceId,
          response_code: p.responseCode,
          response_message: p.responseMessage,
          response_detail: p.responseDetail,
          reference_number: p.referenceNumber,
          card_brand: p.cardBrand,
          card_last4: p.cardLast4,
          customer_json: p.customer,
          employee_ref: p.employeeRef,
          associate_id: p.associateId,
          transacting_associate_id: p.transactingAssociateId,
          actor: p.actor,
          created_at: p.createdAt,
          updated_at: p.updatedAt,
          completed_at: p.completedAt,
          instance_id: p.instanceId,
          terminal_id: p.terminalId,
          shift_id: p.shiftId,
          closes_sale: p.closesSale,
        }),
      ),
      byId: db.prepare((k, p: { id: string }) => selectPayments(k).where('id', '=', p.id)),
      lockById: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(selectPayments(k).where('id', '=', p.id)),
      ),
      ofSession: db.prepare((k, p: { sessionId: string }) =>
        selectPayments(k).where('session_id', '=', p.sessionId).orderBy('created_at').orderBy('id'),
      ),
      ofOrder: db.prepare((k, p: { orderId: string }) =>
        selectPayments(k).where('order_id', '=', p.orderId).orderBy('created_at').orderBy('id'),
      ),
      pending: db.prepare((k) => selectPayments(k).where('status', '=', 'pending').orderBy('created_at')),
      orderTotals: db.prepare((k, p: { orderId: string }) => paymentTotals(k).where('order_id', '=', p.orderId)),
      sessionTotals: db.prepare((k, p: { sessionId: string }) =>
        paymentTotals(k).where('session_id', '=', p.sessionId),
      ),
      complete: db.prepare((k, p: OutcomeParams) =>
        k
          .updateTable('payments')
          .set({
            status: p.status,
            stage: p.stage,
            last_action: p.lastAction,
            response_code: p.responseCode,
            response_message: p.responseMessage,
            response_detail: p.responseDetail,
            charge_id: p.chargeId,
            captured: p.captured,
            card_brand: p.cardBrand,
            card_last4: p.cardLast4,
            updated_at: p.updatedAt,
            completed_at: p.completedAt,
          })
          .where('id', '=', p.id)
          .where('status', '=', p.expectedStatus),
      ),
      // An authorization captured for less than it authorized (its order's total went down).
      capturedFor: db.prepare((k, p: { id: string; amount: number; charged: number }) =>
        k
          .updateTable('payments')
          .set({ amount_cents: p.amount, charged_cents: p.charged })
          .where('id', '=', p.id)
          .where('status', '=', 'approved')
          .where('captured', '=', 0),
      ),
      setStage: db.prepare(
        (
          k,
          p: { id: string; from: string; to: string; at: string; brand: string | null; last4: string | null } & {
            instanceId: string | null;
          },
        ) =>
          k
            .updateTable('payments')
            .set((eb) => ({
              stage: p.to,
              updated_at: p.at,
              instance_id: p.instanceId,
              card_brand: eb.fn.coalesce(sql<string | null>`${p.brand}`, 'card_brand'),
              card_last4: eb.fn.coalesce(sql<string | null>`${p.last4}`, 'card_last4'),
            }))
            .where('id', '=', p.id)
            .where('status', '=', 'pending')
            .where('stage', '=', p.from),
      ),
      // Another instance takes over a pending payment whose driver is gone; false when someone else did.
      takeOver: db.prepare((k, p: { id: string; from: string | null; to: string }) =>
        k
          .updateTable('payments')
          .set({ instance_id: p.to })
          .where('id', '=', p.id)
          .where('status', '=', 'pending')
          .where('instance_id', 'is not distinct from', p.from),
      ),
      pendingWithDriver: db.prepare((k) =>
        selectPayments(k).select('instance_id as instanceId').where('status', '=', 'pending').orderBy('created_at'),
      ),
      addRefund: db.prepare((k, p: { id: string; amount: number; at: string }) =>
        k
          .updateTable('payments')
          .set({
            refunded_cents: sql<number>`refunded_cents + ${p.amount}`,
            updated_at: p.at,
            last_action: 'refund',
            // Refundable: the charge but a cashless ATM's cash back, handed over in cash already.
            status: sql<string>`CASE WHEN refunded_cents + ${p.amount} >= charged_cents - cashback_cents THEN 'refunded' ELSE status END`,
          })
          .where('id', '=', p.id)
          .where('status', '=', 'approved')
          .where(sql<number>`refunded_cents + ${p.amount}`, '<=', sql<number>`charged_cents - cashback_cents`),
      ),
    };
  }

  async insert(tx: Queryable, payment: StoredPayment): Promise<void> {
    const customer = payment.customer === null ? null : JSON.stringify(payment.customer);
    const captured = payment.captured ? 1 : 0;
    const closesSale = payment.closesSale ? 1 : 0;
    await tx.run(this.q.insert, { ...payment, customer, captured, closesSale, instanceId: this.instanceId });
  }

  async find(q: Queryable, id: string): Promise<StoredPayment | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toStoredPayment(row);
  }

  /** The payment, its row locked until the write ends (two reversals never overlap). */
  async lock(tx: Queryable, id: string): Promise<StoredPayment | undefined> {
    const row = await tx.first(this.q.lockById, { id });
    return row && toStoredPayment(row);
  }

  async ofSession(q: Queryable, sessionId: string): Promise<StoredPayment[]> {
    return (await q.all(this.q.ofSession, { sessionId })).map(toStoredPayment);
  }

  async ofOrder(q: Queryable, orderId: string): Promise<StoredPayment[]> {
    return (await q.all(this.q.ofOrder, { orderId })).map(toStoredPayment);
  }

  /** Every payment still waiting for a processor, a PIN pad or a customer (oldest first). */
  async pending(q: Queryable): Promise<StoredPayment[]> {
    return (await q.all(this.q.pending)).map(toStoredPayment);
  }

  async orderTotals(q: Queryable, orderId: string): Promise<PaymentTotals> {
    return (await q.first(this.q.orderTotals, { orderId }))!;
  }

  async sessionTotals(q: Queryable, sessionId: string): Promise<PaymentTotals> {
    return (await q.first(this.q.sessionTotals, { sessionId }))!;
  }

  /** Writes a result; false when the payment was no longer `expectedStatus` (someone else settled it). */
  async complete(
    tx: Queryable,
    id: string,
    outcome: PaymentOutcome,
    expectedStatus: StoredPayment['status'] = 'pending',
  ): Promise<boolean> {
    const captured = outcome.captured ? 1 : 0;
    if ((await tx.run(this.q.complete, { ...outcome, id, expectedStatus, captured })) !== 1) return false;
    const change = { from: expectedStatus, to: outcome.status, at: outcome.updatedAt, origin: 'here' } as const;
    await this.events.changed(tx, change, () => this.find(tx, id));
    return true;
  }

  /**
   * Notes what an authorization not captured yet will have taken: `amount` applied to its order,
   * `charged` in all (less than it authorized when its order's total went down). In the capture's
   * write, before `complete` marks it captured.
   */
  async capturedFor(tx: Queryable, id: string, amount: number, charged: number): Promise<void> {
    if ((await tx.run(this.q.capturedFor, { id, amount, charged })) !== 1) {
      throw new Error(`payment ${id} is not an approved authorization waiting for capture`);
    }
  }

  /**
   * Moves a pending payment from one stage to the next, with the card the PIN pad read; false when it
   * was not in `from` any more (canceled meanwhile).
   */
  async setStage(
    tx: Queryable,
    id: string,
    from: PendingStage,
    to: PendingStage,
    at: string,
    card: { brand: string; last4: string } | null = null,
  ): Promise<boolean> {
    const changed = await tx.run(this.q.setStage, {
      id,
      from,
      to,
      at,
      brand: card?.brand ?? null,
      last4: card?.last4 ?? null,
      instanceId: this.instanceId,
    });
    return changed === 1;
  }

  /** Every pending payment with the instance driving it (null: nobody), oldest first. */
  async pendingWithDriver(q: Queryable): Promise<(StoredPayment & { instanceId: string | null })[]> {
    const rows = await q.all(this.q.pendingWithDriver);
    return rows.map((row) => ({ ...toStoredPayment(row), instanceId: row.instanceId }));
  }

  /** This instance takes over a pending payment `from` drove; false when another instance did first. */
  async takeOver(tx: Queryable, id: string, from: string | null): Promise<boolean> {
    return (await tx.run(this.q.takeOver, { id, from, to: this.instanceId ?? '' })) === 1;
  }

  /** Adds a refund to an approved payment; it becomes `refunded` when all was given back. */
  async addRefund(tx: Queryable, id: string, amount: number, at: string): Promise<boolean> {
    if ((await tx.run(this.q.addRefund, { id, amount, at })) !== 1) return false;
    const change = { from: 'approved', to: 'refund', at, refunded: amount, origin: 'here' } as const;
    await this.events.changed(tx, change, () => this.find(tx, id));
    return true;
  }
}
