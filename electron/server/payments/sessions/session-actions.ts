import type { PayResponse, PaymentMethod, PaymentSession } from '../../../../shared/contracts/payment.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { Principal } from '../../core/principal.js';
import type { ServiceContext } from '../../core/context.js';
import type { Queryable } from '../../db/query.js';
import { timeOrderedUuid } from '../../db/ids.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import { newPendingPayment } from './new-payment.js';
import { canceledOutcome } from '../pay/outcomes.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import { settle } from '../pay/settlement.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';
import type { SessionRecord, StoredPayment } from '../store/payment-types.js';
import { ownedSession } from './session-service.js';
import { sessionRemaining, type SessionViews } from '../pay/session-view.js';

/** The options a customer can pick (spec 6: PAYMENT_OPTION_SELECTED). */
export const SELECT_OPTIONS = ['Credit', 'Debit', 'Rounded Debit', 'ACH', 'Cash', 'Others'] as const;
export type SelectOption = (typeof SELECT_OPTIONS)[number];

const OPTION_METHODS: Partial<Record<SelectOption, PaymentMethod>> = {
  Credit: 'Credit',
  Debit: 'Debit',
  'Rounded Debit': 'ATM',
  ACH: 'ACH',
  Cash: 'Cash',
};

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
   * carries the canceled record that PAYMENT_CANCELED delivers; with nothing pending, one is
   * written for what was left to pay, so the event always has its spec 2.8 data.
   */
  async cancel(id: string, principal: Principal): Promise<PayResponse> {
    const canceled = await this.ctx.db.write(async (tx) => {
      const session = await ownedSession(this.store, tx, id, principal, true);
      const payments = await this.store.payments.ofSession(tx, session.id);
      const last = payments.filter((payment) => payment.status === 'canceled').at(-1);
      if (session.status === 'canceled') return last ?? null;
      if (session.status === 'completed') {
        throw new ServicePayError('CONFLICT', 'this payment session is completed; void or refund its payments instead');
      }
      const at = this.ctx.now().toISOString();
      const pending = payments.find((payment) => payment.status === 'pending');
      if (pending?.stage === 'processing') {
        throw new ServicePayError(
          'CONFLICT',
          'the payment is at the processor and can no longer be canceled; void it once it is approved',
        );
      }
      const target = pending ?? (await this.placeholder(tx, session, principal, at));
      if (target) await settle(this.store, tx, target, canceledOutcome(target, 'Canceled', at));
      await this.store.sessions.setStatus(tx, session.id, 'open', 'canceled', at);
      return target;
    });
    if (canceled) {
      this.onCanceled(canceled.id);
      await this.events.paymentChanged(canceled.id);
    } else await this.events.sessionChanged(id);
    const { db } = this.ctx;
    const session = await this.views.build(db, (await this.store.sessions.find(db, id))!);
    const payment = canceled && (await this.store.payments.find(db, canceled.id));
    return {
      resultCode: 'SUCCESS',
      resultReason: null,
      payment: payment ? toPaymentRecord(payment) : null,
      pending: null,
      session,
    };
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

  /** A pending record of what was left to pay, in the method the customer picked (or the first offered). */
  private async placeholder(
    tx: Queryable,
    session: SessionRecord,
    principal: Principal,
    at: string,
  ): Promise<StoredPayment | null> {
    const totals = await this.store.payments.sessionTotals(tx, session.id);
    const { remainingAmount, remainingTip } = sessionRemaining(session, totals);
    if (remainingAmount <= 0) return null;
    const offered = await this.config.available(tx, {
      organizationId: session.organizationId,
      channel: session.channel,
      locationId: session.details.locationId,
      processorName: session.details.processorName,
    });
    // The method the customer picked, else the first offered; one that has a device configuration
    // (spec 2.8: the canceled record names one), so not a card on a missing PIN pad.
    const picked = OPTION_METHODS[session.details.selectedOption as SelectOption];
    const usable = offered.filter(
      (candidate) => candidate.entry !== 'pinpad' || candidate.paymentDeviceConfigurationId,
    );
    const method = usable.find((candidate) => candidate.paymentMethod === picked) ?? usable[0];
    if (!method) return null;
    const amounts = {
      amount: remainingAmount,
      tip: remainingTip,
      cashback: 0,
      charged: remainingAmount + remainingTip,
      tendered: null,
      change: 0,
    };
    const payment = newPendingPayment({
      id: timeOrderedUuid(),
      session,
      method,
      deviceId: await this.config.deviceFor(tx, method, this.ctx.now()),
      amounts,
      closing: true,
      closesSale: false,
      card: null,
      principal,
      // A canceled placeholder moved no money: it belongs to no drawer shift.
      shiftId: null,
      at,
    });
    const placeholder = { ...payment, stage: null, invoiceId: null };
    await this.store.payments.insert(tx, placeholder);
    return placeholder;
  }
}
