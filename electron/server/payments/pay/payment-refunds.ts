import { randomUUID } from 'node:crypto';
import type { AuditContext } from '../../core/audit-actor.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { idempotencyKeyReused } from '../../tickets/canonical-hash.js';
import type { ProcessorResult } from '../processors/processor.js';
import type { StoredPayment } from '../store/payment-types.js';
import type { RefundRecord } from '../store/refunds-repository.js';
import { paymentWords } from './payment-words.js';
import { syncOrderOf } from './settlement.js';
import { shiftAtRegister } from '../../cash/drawer-gate.js';
import { toRefundLine, type RefundLineRow } from '../store/refund-lines-repository.js';
import { LineReturns, refuseLinesAtRegister, returnedInWords, type PlannedReturn } from './line-returns.js';
import { returnAmount, type RefundAsk } from './line-refunds.js';
import { historyActor, refused, ReversalSteps } from './reversal-steps.js';

/** A payment's refunds, at its processor (cash: out of the drawer), and their replays (reversals.ts). */
export class PaymentRefunds extends ReversalSteps {
  private readonly returns = new LineReturns(this.ctx, this.store);

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
}
