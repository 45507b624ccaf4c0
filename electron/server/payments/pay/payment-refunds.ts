import type { AuditContext } from '../../core/audit-actor.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { idempotencyKeyReused } from '../../tickets/canonical-hash.js';
import type { ProcessorResult } from '../processors/processor.js';
import type { StoredPayment } from '../store/payment-types.js';
import type { RefundRecord } from '../store/refunds-repository.js';
import { paymentWords } from './payment-words.js';
import { syncOrderOf } from './settlement.js';
import { holdingDrawer, shiftAtRegister, type AtRegister } from '../../cash/drawer-gate.js';
import { toRefundLine, type RefundLineRow } from '../store/refund-lines-repository.js';
import { LineReturns, refuseLinesAtRegister, returnedInWords, type PlannedReturn } from './line-returns.js';
import { returnAmount, type RefundAsk } from './line-refunds.js';
import { leftOf, linesOfParts, partsInWords, returnParts, type AskedRest, type ReturnPart } from './return-parts.js';
import { historyActor, refused, ReversalSteps } from './reversal-steps.js';
import { refundIdOf } from './refund-id.js';

/** A refund made: its payment after it, the refund, and a split return's other payments with theirs. */
export interface Refunded {
  payment: StoredPayment;
  refund: RefundRecord;
  rest: { payment: StoredPayment; refund: RefundRecord }[];
  replayed: boolean;
}

/** A payment's refunds, at its processor (cash: out of the drawer), and their replays (reversals.ts). */
export class PaymentRefunds extends ReversalSteps {
  private readonly returns = new LineReturns(this.ctx, this.store);

  /**
   * Refunds `ask.amount` cents (default: all that is left) of an approved, captured payment; with
   * `ask.lines`, gives those lines of its order back (README "Refunds"): the amount defaults to
   * what they are worth (at most what is left) and may not be more; with `ask.rest`, the order's
   * other payments give back the rest of their worth in the same return (return-parts.ts). With an
   * Idempotency-Key (`keyed`: the key and its request's hash), a retry answers the refunds that key
   * made, never a second (`replayed`: the route says so in `Idempotent-Replayed`, as a ticket's
   * replay does); the same key with another request is refused.
   */
  refund(
    paymentId: string,
    ask: RefundAsk,
    by: AuditContext,
    keyed?: { key: string; hash: string },
  ): Promise<Refunded> {
    const rest = ask.rest ?? [];
    // Every payment the return gives money back from, locked in one order: two returns never wait on each other.
    const ids = [...new Set([paymentId, ...rest.map((part) => part.paymentId)])].sort();
    return this.exclusiveAll(ids, async () => {
      if (keyed) {
        const prior = await this.store.refunds.byKey(this.ctx.db, paymentId, keyed.key);
        if (prior) {
          const others = await this.replayedRest(rest, keyed);
          return { ...(await this.replayed(prior, keyed.hash)), rest: others, replayed: true };
        }
      }
      const payment = await this.approved(paymentId, 'refunded');
      if (!payment.captured) {
        throw new ServicePayError(
          'CONFLICT',
          `${paymentWords(payment)} is an authorization not captured yet: void it instead`,
        );
      }
      if (!ask.lines) {
        if (rest.length > 0) {
          const words = 'the rest of what items are worth comes back with their lines';
          throw new ServicePayError('INVALID_INPUT', words, { field: 'rest' });
        }
        // Under the order's lines' lock as a refund by items is: a return priced meanwhile counts it.
        const made = await this.ctx.db.exclusive(`order-lines:${payment.orderId ?? payment.id}`, () =>
          this.refundOf(payment, ask.amount, null, false, by, keyed),
        );
        return { ...made, replayed: false };
      }
      await refuseLinesAtRegister(this.ctx);
      const asked = ask.lines;
      // Refunds of the order's other payments give lines back too: one at a time, so a line never
      // comes back twice (each refund prices what is left of it, read under this lock).
      const made = await this.ctx.db.exclusive(`order-lines:${payment.orderId ?? payment.id}`, async () => {
        const planned = await this.returns.plan(payment, asked);
        return this.refundOf(payment, ask.amount, planned, ask.restock === true, by, keyed, rest);
      });
      return { ...made, replayed: false };
    });
  }

  private exclusiveAll<T>(ids: readonly string[], work: () => Promise<T>): Promise<T> {
    const [id, ...others] = ids;
    return id === undefined ? work() : this.exclusive(id, () => this.exclusiveAll(others, work));
  }

  private async refundOf(
    payment: StoredPayment,
    amount: number | undefined,
    planned: PlannedReturn | null,
    restock: boolean,
    by: AuditContext,
    keyed?: { key: string; hash: string },
    rest: readonly AskedRest[] = [],
  ): Promise<Omit<Refunded, 'replayed'>> {
    // A cashless ATM's cash back was handed over in cash: the card gets back at most what paid the order.
    const left = leftOf(payment);
    const refundAmount = planned ? returnAmount(planned, amount, left) : (amount ?? left);
    if (refundAmount > left) throw invalidInput('amount', `must be at most ${left} cents (what is left to refund)`);
    const find = (id: string) => this.approved(id, 'refunded');
    const newId = (paymentId: string) => refundIdOf(paymentId, keyed);
    const parts =
      planned && rest.length > 0
        ? await returnParts(payment, refundAmount, rest, planned.lines, find, newId)
        : [{ payment, amount: refundAmount, refundId: newId(payment.id) }];
    const register = { dispensaryId: payment.dispensaryId, terminalId: by.actor.terminalId };
    // Cash is handed out of the drawer (no processor is asked): refused in the write when the
    // register's drawer is not open, and for a split return before its card's money goes back, the
    // drawer then held until the write (a close in between would leave the card's refund unrecorded).
    if (parts.length > 1 && parts.some((part) => part.payment.entry === 'cash')) {
      return holdingDrawer(this.ctx.db, register, async () => {
        await shiftAtRegister(this.store.shifts, this.ctx.db, register, 'hand out');
        return this.handBack(parts, register, planned, restock, by, keyed);
      });
    }
    return this.handBack(parts, register, planned, restock, by, keyed);
  }

  /** Gives `parts` back (the card's at its processor, the cash's out of the drawer) and records them in one write. */
  private async handBack(
    parts: readonly ReturnPart[],
    register: AtRegister,
    planned: PlannedReturn | null,
    restock: boolean,
    by: AuditContext,
    keyed?: { key: string; hash: string },
  ): Promise<Omit<Refunded, 'replayed'>> {
    const actor = historyActor(by);
    const card = parts.find((part) => part.payment.entry !== 'cash');
    const result: ProcessorResult = card
      ? await this.askProcessor(card.payment, card.amount, card.refundId)
      : { outcome: 'approved', code: '00', detail: 'Cash handed back', transactionId: null };
    const status = result.outcome === 'approved' ? 'approved' : result.outcome === 'declined' ? 'declined' : 'error';
    const now = this.ctx.now();
    const at = now.toISOString();
    const recordOf = (part: ReturnPart): RefundRecord => ({
      id: part.refundId,
      paymentId: part.payment.id,
      amount: part.amount,
      status: part === card ? status : 'approved',
      responseCode: part === card ? result.code : '00',
      responseDetail: part === card ? result.detail : 'Cash handed back',
      actor,
      createdAt: at,
      terminalId: by.actor.terminalId,
      idempotencyKey: keyed?.key ?? null,
      requestHash: keyed?.hash ?? null,
    });
    // A card that refused gives nothing back, and nothing else is given back with it.
    const made = status === 'approved' ? parts : parts.filter((part) => part === card);
    const split = planned && parts.length > 1 ? linesOfParts(parts, planned.lines) : null;
    const written = await this.ctx.db.write(async (tx) => {
      const done: { refund: RefundRecord; lines: RefundLineRow[]; reopened: boolean }[] = [];
      for (const [index, part] of made.entries()) {
        const refund = recordOf(part);
        const cash = part.payment.entry === 'cash' && refund.status === 'approved' ? 'hand out' : null;
        refund.shiftId = await shiftAtRegister(this.store.shifts, tx, register, cash);
        await this.store.refunds.insert(tx, refund);
        if (refund.status !== 'approved') return done;
        // The lines first: the payment's change tells loyalty, which takes back the points of the lines.
        const share = split ? { lines: split[index]!, first: index === 0 } : undefined;
        const lines = planned ? await this.returns.write(tx, planned, refund.id, restock, by, now, share) : [];
        await this.store.payments.addRefund(tx, part.payment.id, part.amount, at);
        // The manager's words stay theirs; the lines that came back are the service's, kept apart.
        const details = [
          by.details ?? '',
          planned ? returnedInWords(planned, restock) : '',
          split ? partsInWords(parts) : '',
        ]
          .filter((words) => words !== '')
          .join('. ');
        await this.record(tx, 'payment_refunded', part.payment, part.amount, by, details);
        done.push({ refund, lines, reopened: await syncOrderOf(this.store, tx, part.payment, actor, at) });
      }
      return done;
    });
    if (status !== 'approved') throw refused('refund', result);
    const answers = [];
    for (const [index, { refund, lines, reopened }] of written.entries()) {
      await this.events.paymentChanged(made[index]!.payment.id, reopened);
      const stored = (await this.store.payments.find(this.ctx.db, refund.paymentId))!;
      answers.push({ payment: stored, refund: { ...refund, lines: lines.map(toRefundLine) } });
    }
    const [first, ...others] = answers;
    return { ...first!, rest: others };
  }

  /** Asks `payment`'s processor to refund `amount` (known by `id`); a lost answer is looked up. */
  private async askProcessor(payment: StoredPayment, amount: number, id: string): Promise<ProcessorResult> {
    const processor = await this.registry.forId(payment.processorId);
    const request = { reference: payment.id, transactionId: payment.chargeId ?? '', amount, refundReference: id };
    const result = await processor.refund(request);
    if (result.outcome !== 'unknown') return result;
    const found = await processor.lookup(id);
    return found.outcome === 'not_found' ? result : found;
  }

  /** The other payments' refunds a keyed split return made, answered again. */
  private async replayedRest(
    rest: readonly AskedRest[],
    keyed: { key: string; hash: string },
  ): Promise<{ payment: StoredPayment; refund: RefundRecord }[]> {
    const answers = [];
    for (const part of rest) {
      const prior = await this.store.refunds.byKey(this.ctx.db, part.paymentId, keyed.key);
      if (prior) answers.push(await this.replayed(prior, keyed.hash));
    }
    return answers;
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
