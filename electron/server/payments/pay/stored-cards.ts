import { sql } from 'kysely';
import { formatDecimal } from '../../../../shared/money.js';
import type { ServiceContext } from '../../core/context.js';
import type { Queryable } from '../../db/query.js';
import { DispensaryRepository } from '../../dispensaries/dispensary-repository.js';
import type { ProcessorResult } from '../processors/processor.js';
import type { PaymentOutcome, StoredPayment } from '../store/payment-types.js';

/** The response code of a card payment stored at a register and not sent to its processor yet. */
export const STORED_CODE = 'STORED';

const dollars = (cents: number) => `$${formatDecimal(cents)}`;

/**
 * Card payments an attached register stores while the card processor does not answer (README
 * "Selling offline"), as Square's offline payments do: a credit card sale of at most the store's
 * `offlineCards.maxCents`, while the stored payments not yet sent add up to at most its
 * `totalCents` (set by its manager at the server; the register reads its copy). The sale
 * completes (the payment counts as approved); the payment is sent to the processor when it
 * answers, and a decline then is the store's loss, listed in the server's exceptions report.
 * Debit (a PIN checked online) and authorizations are never stored.
 */
export class StoredCards {
  private readonly stores: DispensaryRepository;

  constructor(private readonly ctx: ServiceContext) {
    this.stores = new DispensaryRepository(ctx.db);
  }

  /**
   * What a processor's `unsent` answer makes of a payment: stored (approved, `STORED`), or the
   * error with the reason it was not stored in the cashier's words; null when storing does not
   * apply at all (not a register, not a credit sale).
   */
  async decide(
    tx: Queryable,
    payment: StoredPayment,
    result: ProcessorResult,
  ): Promise<{ stored: boolean; detail: string } | null> {
    if (result.outcome !== 'error' || !result.unsent) return null;
    if (payment.method !== 'Credit' || payment.providerTransType !== 'sale') return null;
    if (payment.dispensaryId === null || !(await this.ctx.role.isRegister(tx))) return null;
    const store = await this.stores.findById(payment.dispensaryId, tx);
    if (!store) return null;
    const { maxCents: max, totalCents: total } = store.offlineCards;
    const amount = payment.charged;
    const unsent = await this.unsentTotal(tx);
    const refused = 'The card processor does not answer';
    if (max === 0) return { stored: false, detail: `${refused}, and this register stores no card payment: take cash` };
    if (amount > max) {
      return {
        stored: false,
        detail: `${refused}, and ${dollars(amount)} is over the ${dollars(max)} a card payment may be stored for: take cash`,
      };
    }
    if (unsent + amount > total) {
      return {
        stored: false,
        detail:
          `${refused}, and this register already stores ${dollars(unsent)} of the ${dollars(total)} it may: ` +
          'take cash until the processor answers',
      };
    }
    return {
      stored: true,
      detail:
        'Stored: the card processor does not answer. The sale is complete; the payment is sent when it answers ' +
        '(a decline then is the store’s loss)',
    };
  }

  /** The outcome of a payment stored for later: approved (the sale completes), not sent yet. */
  storedOutcome(payment: StoredPayment, detail: string, at: string, card: { brand: string; last4: string } | null) {
    const outcome: PaymentOutcome = {
      status: 'approved',
      stage: null,
      lastAction: 'sale',
      responseCode: STORED_CODE,
      responseMessage: 'approved',
      responseDetail: detail,
      chargeId: null,
      captured: true,
      cardBrand: card?.brand ?? payment.cardBrand,
      cardLast4: card?.last4 ?? payment.cardLast4,
      updatedAt: at,
      completedAt: at,
    };
    return outcome;
  }

  /** Notes when the payment was stored, in the transaction that stored it. */
  async markStored(tx: Queryable, paymentId: string, at: string): Promise<void> {
    await tx.run(this.ctx.db.builder.updateTable('payments').set({ stored_at: at }).where('id', '=', paymentId));
  }

  /**
   * The stored payments not sent yet, oldest first; none on a store server, which holds its
   * registers' stored payments as they forwarded them: each register sends its own.
   */
  async unsent(q: Queryable, limit = 20): Promise<{ id: string }[]> {
    if (!(await this.ctx.role.isRegister(q))) return [];
    return q.all(
      this.ctx.db.builder
        .selectFrom('payments')
        .select('id')
        .where('response_code', '=', STORED_CODE)
        .where('status', '=', 'approved')
        .where('stored_at', 'is not', null)
        .orderBy('stored_at')
        .limit(limit),
    );
  }

  private async unsentTotal(tx: Queryable): Promise<number> {
    const row = await tx.first(
      this.ctx.db.builder
        .selectFrom('payments')
        .select(sql<number>`COALESCE(SUM(charged_cents), 0)`.as('total'))
        .where('response_code', '=', STORED_CODE)
        .where('status', '=', 'approved')
        .where('stored_at', 'is not', null),
    );
    return Number(row?.total ?? 0);
  }
}
