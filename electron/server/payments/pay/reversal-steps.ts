import type { AuditContext } from '../../core/audit-actor.js';
import { AuditRepository } from '../../core/audit-repository.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import type { ProcessorResult } from '../processors/processor.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import { paymentWords, statusWords } from './payment-words.js';
import { STORED_CODE } from './stored-cards.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentEvents } from './payment-events.js';

/** An attached register's own orders at its store server (registers/own-orders-pull.ts implements it). */
export interface OwnOrdersLink {
  /**
   * Writes here the server's later changes to order `orderId` and its payments (a refund at the
   * back office), before money goes back at the register. False when there were none, or the
   * server did not answer within a second (the register then goes on from what it has).
   */
  learn(orderId: string): Promise<boolean>;
}

/** The processor's refusal of a void or refund, in words (unknown: try again). */
export function refused(action: string, result: ProcessorResult): ServicePayError {
  if (result.outcome === 'unknown') {
    return new ServicePayError(
      'UNAVAILABLE',
      `the processor did not answer the ${action}: ${result.detail}; try again`,
    );
  }
  return new ServicePayError('CONFLICT', `the processor refused the ${action}: ${result.detail}`);
}

/** The lock one payment's void, refund or capture holds, across every service instance. */
export const paymentLock = (paymentId: string): string => `payment:${paymentId}`;

/** How the order's status history names who moved it (`staff:<id>`, or `system`). */
export function historyActor(by: AuditContext): string {
  return by.actor.id ? `${by.actor.kind}:${by.actor.id}` : 'system';
}

/**
 * What a void and a refund (payment-voids.ts, payment-refunds.ts extend it) work with, and the
 * steps both take around the processor call.
 */
export abstract class ReversalSteps {
  private readonly audit: AuditRepository;

  constructor(
    protected readonly ctx: ServiceContext,
    protected readonly store: PaymentStore,
    protected readonly registry: ProcessorRegistry,
    protected readonly events: PaymentEvents,
    /** At an attached register: the server's later changes to a sale (a refund at the back office). */
    private readonly ownOrders?: OwnOrdersLink,
  ) {
    this.audit = new AuditRepository(ctx.db);
  }

  /** The audit event of a void or refund, in the transaction that records it. */
  protected record(
    tx: Queryable,
    action: 'payment_voided' | 'payment_refunded',
    payment: StoredPayment,
    amount: number,
    by: AuditContext,
    details = '',
  ): Promise<void> {
    return this.audit.record(tx, {
      action,
      actor: by.actor,
      organizationId: payment.organizationId,
      dispensaryId: payment.dispensaryId,
      at: this.ctx.now(),
      orderId: payment.orderId,
      orderNumber: payment.ticketAlphaNumId,
      paymentId: payment.id,
      amount,
      reason: by.reason,
      details,
    });
  }

  /**
   * A cash payment is voided (its cash handed back) only while the drawer shift it was taken in is
   * open: after the close, its Z report counted that cash, and a refund hands it back instead.
   */
  protected async requireShiftOpen(tx: Queryable, payment: StoredPayment): Promise<void> {
    if (payment.shiftId === null || payment.dispensaryId === null || payment.terminalId === null) return;
    const open = await this.store.shifts.lockOpen(tx, payment.dispensaryId, payment.terminalId);
    if (open?.id !== payment.shiftId) {
      throw new ServicePayError(
        'CONFLICT',
        `${paymentWords(payment)} was taken in a drawer shift that has closed since: refund it instead of voiding it`,
      );
    }
  }

  /**
   * Runs `work` holding the payment's lock: one void, refund or capture per payment at a time,
   * across every service instance (DataLayer.exclusive).
   */
  protected exclusive<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    return this.ctx.db.exclusive(paymentLock(paymentId), work);
  }

  /** The payment, refused unless it is approved and was sent to its processor (`goal`: voided, refunded). */
  protected async approved(paymentId: string, goal: string): Promise<StoredPayment> {
    let payment = await this.store.payments.find(this.ctx.db, paymentId);
    if (!payment) throw new ServicePayError('NOT_FOUND', `no payment ${paymentId}`);
    // At an attached register, what its server did to the sale since comes first: a refund made
    // at the back office is never made again here.
    if (payment.orderId && (await this.ownOrders?.learn(payment.orderId))) {
      payment = (await this.store.payments.find(this.ctx.db, paymentId))!;
    }
    if (payment.status !== 'approved') {
      throw new ServicePayError(
        'CONFLICT',
        `${paymentWords(payment)} is ${statusWords(payment.status)}: only an approved payment can be ${goal}`,
      );
    }
    if (payment.responseCode === STORED_CODE) {
      throw new ServicePayError(
        'CONFLICT',
        `${paymentWords(payment)} was stored while the card processor did not answer: it can be ${goal} once it is sent`,
      );
    }
    return payment;
  }
}
