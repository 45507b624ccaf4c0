import type { PayResponse, PaymentSession, SessionUpdate } from '../../../../shared/contracts/payment.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { Principal } from '../../core/principal.js';
import type { ServiceContext } from '../../core/context.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import { canceledOutcome } from '../pay/outcomes.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import { settle } from '../pay/settlement.js';
import type { PaymentStore } from '../store/payment-store.js';
import { ownedSession } from './session-service.js';
import { sessionOutcome } from './session-outcome.js';
import type { SessionViews } from '../pay/session-view.js';

/** The options a customer can pick (spec 6: PAYMENT_OPTION_SELECTED). */
export const SELECT_OPTIONS = ['Credit', 'Debit', 'Rounded Debit', 'ACH', 'Cash', 'Others'] as const;
export type SelectOption = (typeof SELECT_OPTIONS)[number];

/** Canceling a session and recording what the customer picked. */
export class SessionActions {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly config: PaymentConfigService,
    private readonly views: SessionViews,
    private readonly events: PaymentEvents,
    /** Ends the PIN pad wait or forgets the paylink of a canceled payment. */
    private readonly onCanceled: (paymentId: string) => void,
  ) {}

  /**
   * Cancels the session and its pending payment (no processor call is made for it). The answer
   * carries the canceled record that PAYMENT_CANCELED delivers: the pending payment's, or — with
   * nothing under way — the session's cancel record, which is never stored (`sessionCancelRecord`):
   * a cancel adds no payment to the order. Canceling a canceled session answers it again.
   */
  async cancel(id: string, principal: Principal): Promise<PayResponse> {
    const done = await this.ctx.db.write(async (tx) => {
      const session = await ownedSession(this.store, tx, id, principal, true);
      if (session.status === 'canceled') return { changed: false, pending: null };
      if (session.status === 'completed') {
        throw new ServicePayError('CONFLICT', 'this payment session is completed; void or refund its payments instead');
      }
      const at = this.ctx.now().toISOString();
      const payments = await this.store.payments.ofSession(tx, session.id);
      const pending = payments.find((payment) => payment.status === 'pending') ?? null;
      if (pending?.stage === 'processing') {
        throw new ServicePayError(
          'CONFLICT',
          'the payment is at the processor and can no longer be canceled; void it once it is approved',
        );
      }
      if (pending) await settle(this.store, tx, pending, canceledOutcome(pending, 'Canceled', at));
      await this.store.sessions.setStatus(tx, session.id, 'open', 'canceled', at);
      return { changed: true, pending };
    });
    const { db } = this.ctx;
    const stored = (await this.store.sessions.find(db, id))!;
    const payment = await sessionOutcome(this.store, this.config, db, stored, principal);
    if (done.pending) {
      this.onCanceled(done.pending.id);
      await this.events.paymentChanged(done.pending.id);
    } else if (done.changed) await this.events.sessionChanged(id, payment);
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      payment,
      pending: null,
      session: await this.views.build(db, stored),
    };
  }

  /** The session now and the payment its latest state is told with (its stream's first frame). */
  async current(id: string, principal: Principal): Promise<SessionUpdate> {
    const { db } = this.ctx;
    const session = await ownedSession(this.store, db, id, principal);
    const payment = await sessionOutcome(this.store, this.config, db, session, principal);
    return { session: await this.views.build(db, session), payment };
  }

  /** Records the option the customer picked and publishes `payment.option_selected`. */
  async select(id: string, option: SelectOption, principal: Principal): Promise<PaymentSession> {
    const session = await this.ctx.db.write(async (tx) => {
      const found = await ownedSession(this.store, tx, id, principal, true);
      if (found.status !== 'open') throw new ServicePayError('CONFLICT', `this payment session is ${found.status}`);
      await this.store.sessions.setDetails(
        tx,
        found.id,
        { ...found.details, selectedOption: option },
        this.ctx.now().toISOString(),
      );
      return found;
    });
    this.events.optionSelected(id, session.dispensaryId, {
      sessionId: id,
      ticketAlphaNumId: session.details.ticketAlphaNumId,
      option,
    });
    return this.views.build(this.ctx.db, (await this.store.sessions.find(this.ctx.db, id))!);
  }
}
