import { randomUUID } from 'node:crypto';
import type { AuditContext } from '../../core/audit-actor.js';
import { AuditRepository } from '../../core/audit-repository.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { idempotencyKeyReused } from '../../tickets/canonical-hash.js';
import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import type { ProcessorResult } from '../processors/processor.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';
import type { RefundRecord } from '../store/refunds-repository.js';
import { currentOutcome } from './outcomes.js';
import { paymentWords, statusWords } from './payment-words.js';
import { syncOrderOf } from './settlement.js';
import { STORED_CODE } from './stored-cards.js';
import { shiftAtRegister } from '../../cash/drawer-gate.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentEvents } from './payment-events.js';
import { refusePaidAfter, refusePickedUp } from './void-refusals.js';
import { toRefundLine, type RefundLineRow } from '../store/refund-lines-repository.js';
import { LineReturns, refuseLinesAtRegister, returnedInWords, type PlannedReturn } from './line-returns.js';
import { returnAmount, type RefundAsk } from './line-refunds.js';

/** An attached register's own orders at its store server (registers/own-orders-pull.ts implements it). */
export interface OwnOrdersLink {
  /**
   * Writes here the server's later changes to order `orderId` and its payments (a refund at the
   * back office), before money goes back at the register. False when there were none, or the
   * server did not answer within a second (the register then goes on from what it has).
   */
  learn(orderId: string): Promise<boolean>;
}

function refused(action: string, result: ProcessorResult): ServicePayError {
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

/**
 * Money going back, at the payment's processor: void and refund (order-captures.ts takes the money
 * of ACH authorizations later). One operation per payment at a time, across
 * every service instance (DataLayer.exclusive), so a double click on two registers never refunds
 * twice.
 */
export class Reversals {
  private readonly audit: AuditRepository;
  private readonly returns: LineReturns;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly registry: ProcessorRegistry,
    private readonly events: PaymentEvents,
    /** At an attached register: the server's later changes to a sale (a refund at the back office). */
    private readonly ownOrders?: OwnOrdersLink,
  ) {
    this.audit = new AuditRepository(ctx.db);
    this.returns = new LineReturns(ctx, store);
  }

  /**
   * Voids an approved payment (cash: records that it was handed back). An order it no longer
   * covers goes back to AWAITING_PROCESSING, unless `order` is `keep`: a cancel voids the order's
   * authorizations and moves the order itself (cancel-voids.ts). The audit trail keeps who voided
   * it and why.
   */
  void(
    paymentId: string,
    by: AuditContext,
    detail = 'Voided',
    order: 'reopen' | 'keep' = 'reopen',
  ): Promise<StoredPayment> {
    return this.exclusive(paymentId, async () => {
      const payment = await this.approved(paymentId, 'voided');
      if (payment.refunded > 0) {
        throw new ServicePayError(
          'CONFLICT',
          `${paymentWords(payment)} is partly refunded: refund the rest instead of voiding it`,
        );
      }
      await refusePickedUp(this.store, this.ctx.db, payment);
      if (order === 'reopen') await refusePaidAfter(this.store, this.ctx.db, payment);
      if (payment.entry !== 'cash') {
        const processor = await this.registry.forId(payment.processorId);
        const result = await processor.void({
          reference: payment.id,
          transactionId: payment.chargeId ?? '',
          amount: payment.charged,
        });
        if (result.outcome !== 'approved') throw refused('void', result);
      }
      const at = this.ctx.now().toISOString();
      const outcome = {
        ...currentOutcome(payment),
        status: 'voided' as const,
        lastAction: 'void',
        responseDetail: detail,
        updatedAt: at,
      };
      const reopened = await this.ctx.db.write(async (tx) => {
        if (payment.entry === 'cash') await this.requireShiftOpen(tx, payment);
        await this.store.payments.complete(tx, payment.id, outcome, 'approved');
        await this.record(tx, 'payment_voided', payment, payment.amount, by);
        if (order === 'keep') return false;
        return syncOrderOf(this.store, tx, payment, historyActor(by), at, true);
      });
      await this.events.paymentChanged(payment.id, reopened);
      return (await this.store.payments.find(this.ctx.db, payment.id))!;
    });
  }

  /**
   * Refunds `ask.amount` cents (default: all that is left) of an approved, captured payment; with
   * `ask.lines`, gives those lines of its order back (README "Refunds"): the amount defaults to
   * what they are worth (at most what is left) and may not be more. With an Idempotency-Key
   * (`keyed`: the key and its request's hash), a retry answers the refund that key made, never a
   * second one (`replayed`: the route says so in `Idempotent-Replayed`, as a ticket's replay does);
   * the same key with another request is refused.
   */
  refund(
    paymentId: string,
    ask: RefundAsk,
    by: AuditContext,
    keyed?: { key: string; hash: string },
  ): Promise<{ payment: StoredPayment; refund: RefundRecord; replayed: boolean }> {
    return this.exclusive(paymentId, async () => {
      if (keyed) {
        const prior = await this.store.refunds.byKey(this.ctx.db, paymentId, keyed.key);
        if (prior) return { ...(await this.replayed(prior, keyed.hash)), replayed: true };
      }
      const payment = await this.approved(paymentId, 'refunded');
      if (!payment.captured) {
        throw new ServicePayError(
          'CONFLICT',
          `${paymentWords(payment)} is an authorization not captured yet: void it instead`,
        );
      }
      if (!ask.lines) return { ...(await this.refundOf(payment, ask.amount, null, false, by, keyed)), replayed: false };
      await refuseLinesAtRegister(this.ctx);
      const asked = ask.lines;
      // Refunds of the order's other payments give lines back too: one at a time, so a line never
      // comes back twice (each refund prices what is left of it, read under this lock).
      const made = await this.ctx.db.exclusive(`order-lines:${payment.orderId ?? payment.id}`, async () => {
        const planned = await this.returns.plan(payment, asked);
        return this.refundOf(payment, ask.amount, planned, ask.restock === true, by, keyed);
      });
      return { ...made, replayed: false };
    });
  }

  private async refundOf(
    payment: StoredPayment,
    amount: number | undefined,
    planned: PlannedReturn | null,
    restock: boolean,
    by: AuditContext,
    keyed?: { key: string; hash: string },
  ): Promise<{ payment: StoredPayment; refund: RefundRecord }> {
    const actor = historyActor(by);
    const paymentId = payment.id;
    // A cashless ATM's cash back was handed over in cash: the card gets back at most what paid the order.
    const left = payment.charged - payment.cashback - payment.refunded;
    const refundAmount = planned ? returnAmount(planned, amount, left) : (amount ?? left);
    if (refundAmount > left) throw invalidInput('amount', `must be at most ${left} cents (what is left to refund)`);
    const register = { dispensaryId: payment.dispensaryId, terminalId: by.actor.terminalId };
    // Cash is handed out of the drawer (no processor is asked): refused in the write below when
    // the register's drawer is not open.
    const cash = payment.entry === 'cash' ? 'hand out' : null;
    const id = randomUUID();
    let result: ProcessorResult = {
      outcome: 'approved',
      code: '00',
      detail: 'Cash handed back',
      transactionId: null,
    };
    if (payment.entry !== 'cash') {
      const processor = await this.registry.forId(payment.processorId);
      const request = {
        reference: payment.id,
        transactionId: payment.chargeId ?? '',
        amount: refundAmount,
        refundReference: id,
      };
      result = await processor.refund(request);
      // A lost answer: ask whether the refund (known by its own reference) went through.
      if (result.outcome === 'unknown') {
        const found = await processor.lookup(id);
        if (found.outcome !== 'not_found') result = found;
      }
    }
    const status = result.outcome === 'approved' ? 'approved' : result.outcome === 'declined' ? 'declined' : 'error';
    const now = this.ctx.now();
    const at = now.toISOString();
    const refund: RefundRecord = {
      id,
      paymentId,
      amount: refundAmount,
      status,
      responseCode: result.code,
      responseDetail: result.detail,
      actor,
      createdAt: at,
      terminalId: by.actor.terminalId,
      idempotencyKey: keyed?.key ?? null,
      requestHash: keyed?.hash ?? null,
    };
    let lines: RefundLineRow[] = [];
    const reopened = await this.ctx.db.write(async (tx) => {
      refund.shiftId = await shiftAtRegister(this.store.shifts, tx, register, status === 'approved' ? cash : null);
      await this.store.refunds.insert(tx, refund);
      if (status !== 'approved') return false;
      // The lines first: the payment's change tells loyalty, which takes back the points of the lines.
      if (planned) lines = await this.returns.write(tx, planned, id, restock, by, now);
      await this.store.payments.addRefund(tx, payment.id, refundAmount, at);
      // The manager's words stay theirs; the lines that came back are the service's, kept apart.
      const details = [by.details ?? '', planned ? returnedInWords(planned, restock) : '']
        .filter((part) => part !== '')
        .join('. ');
      await this.record(tx, 'payment_refunded', payment, refundAmount, by, details);
      return syncOrderOf(this.store, tx, payment, actor, at);
    });
    if (status !== 'approved') throw refused('refund', result);
    await this.events.paymentChanged(payment.id, reopened);
    const answer = { ...refund, lines: lines.map(toRefundLine) };
    return { payment: (await this.store.payments.find(this.ctx.db, payment.id))!, refund: answer };
  }

  /** The answer of a refund made before with the same Idempotency-Key: the refund again, or its refusal. */
  private async replayed(
    prior: RefundRecord & { requestHash: string },
    hash: string,
  ): Promise<{ payment: StoredPayment; refund: RefundRecord }> {
    if (prior.requestHash !== hash) throw idempotencyKeyReused('refund');
    const { requestHash: _hash, ...refund } = prior;
    if (refund.status !== 'approved') {
      const outcome = refund.status === 'declined' ? 'declined' : 'error';
      throw refused('refund', {
        outcome,
        code: refund.responseCode,
        detail: refund.responseDetail,
        transactionId: null,
      });
    }
    const lines = (await this.returns.lines.ofRefunds(this.ctx.db, [refund.id])).get(refund.id) ?? [];
    return {
      payment: (await this.store.payments.find(this.ctx.db, refund.paymentId))!,
      refund: { ...refund, lines: lines.map(toRefundLine) },
    };
  }

  /** The audit event of a void or refund, in the transaction that records it. */
  private record(
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
  private async requireShiftOpen(tx: Queryable, payment: StoredPayment): Promise<void> {
    if (payment.shiftId === null || payment.dispensaryId === null || payment.terminalId === null) return;
    const open = await this.store.shifts.lockOpen(tx, payment.dispensaryId, payment.terminalId);
    if (open?.id !== payment.shiftId) {
      throw new ServicePayError(
        'CONFLICT',
        `${paymentWords(payment)} was taken in a drawer shift that has closed since: refund it instead of voiding it`,
      );
    }
  }

  private exclusive<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
    return this.ctx.db.exclusive(paymentLock(paymentId), work);
  }

  private async approved(paymentId: string, goal: string): Promise<StoredPayment> {
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

/** How the order's status history names who moved it (`staff:<id>`, or `system`). */
function historyActor(by: AuditContext): string {
  return by.actor.id ? `${by.actor.kind}:${by.actor.id}` : 'system';
}
