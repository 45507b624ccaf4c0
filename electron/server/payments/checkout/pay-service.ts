import type { PayRequest, PayResponse } from '../../../../shared/contracts/payment.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { Principal } from '../../core/principal.js';
import type { ServiceContext } from '../../core/context.js';
import type { Queryable } from '../../db/query.js';
import { SMALL_WRITE } from '../../db/data-layer.js';
import { timeOrderedUuid } from '../../db/ids.js';
import { canonicalHash, idempotencyKeyReused } from '../../tickets/canonical-hash.js';
import { checkKeyedCard } from '../checks/card-checks.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import type { PaylinkService } from '../paylinks/paylink-service.js';
import { checkPayable } from '../sessions/order-lookup.js';
import { ownedSession } from '../sessions/session-service.js';
import { sessionRemaining, type SessionViews } from '../pay/session-view.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';
import { allocate } from '../pay/amounts.js';
import { newPendingPayment } from '../sessions/new-payment.js';
import { checkSessionTakesPayment, offeredMethod } from '../pay/pay-checks.js';
import { cashOutcome } from '../pay/outcomes.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import type { PaymentRunner } from '../pay/payment-runner.js';
import { settle } from '../pay/settlement.js';
import { shiftAtRegister } from '../../cash/drawer-gate.js';
import { METHOD_PERMISSION } from '../../../../shared/permissions.js';
import { takenFor, type DisplaySenders } from './display-senders.js';

/** The answer to a pay request: 201 when final, 202 while pending. */
export interface PayAnswer {
  statusCode: 201 | 202;
  replayed: boolean;
  body: PayResponse;
}

interface Started {
  paymentId: string;
  replayed: boolean;
  orderChanged: boolean;
}

/**
 * Takes a payment in a session (docs/payments.md "Payments"). The pending payment is written in one
 * durable transaction that also checks the session and the order's balance due, counting every
 * pending and approved payment — so a double click, a retry or a second terminal can never take
 * more than is due. Then the processor, PIN pad or customer is asked.
 */
export class PayService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly config: PaymentConfigService,
    private readonly views: SessionViews,
    private readonly events: PaymentEvents,
    private readonly runner: PaymentRunner,
    private readonly paylinks: PaylinkService,
    private readonly displays: DisplaySenders,
  ) {}

  async pay(sessionId: string, request: PayRequest, idempotencyKey: string, principal: Principal): Promise<PayAnswer> {
    const permission = METHOD_PERMISSION[request.paymentMethod];
    if (!principal.permissions.has(permission)) {
      throw new ServicePayError('FORBIDDEN', `the ${principal.role} role does not have the ${permission} permission`);
    }
    const card = request.card ? checkKeyedCard(request.card, this.ctx.now()) : null;
    // The hash never sees the full card number or CVC: brand, last 4, expiry and postal code only.
    const fingerprint =
      request.card && card ? { ...card, expiry: request.card.expiry, postalCode: request.card.postalCode } : null;
    const hash = canonicalHash({ ...request, card: fingerprint });
    const started = await this.ctx.db.write(
      (tx) => this.start(tx, sessionId, request, idempotencyKey, hash, principal, card),
      SMALL_WRITE,
    );
    if (!started.replayed) {
      await this.events.paymentChanged(started.paymentId, started.orderChanged);
      const payment = (await this.store.payments.find(this.ctx.db, started.paymentId))!;
      if (payment.entry === 'keyed') await this.runner.charge(payment.id);
      else if (payment.entry === 'pinpad') this.runner.startPinPad(payment);
    }
    return this.answer(started.paymentId, started.replayed);
  }

  /** The current state of a payment as the pay request answers it. */
  async answer(paymentId: string, replayed = false): Promise<PayAnswer> {
    const { db } = this.ctx;
    const payment = (await this.store.payments.find(db, paymentId))!;
    const session = await this.views.build(db, (await this.store.sessions.find(db, payment.sessionId))!);
    const pending = session.pending?.id === payment.id ? session.pending : null;
    return {
      statusCode: payment.status === 'pending' ? 202 : 201,
      replayed,
      body: { resultCode: 'SUCCESS', resultReason: null, payment: toPaymentRecord(payment), pending, session },
    };
  }

  private async start(
    tx: Queryable,
    sessionId: string,
    request: PayRequest,
    key: string,
    hash: string,
    principal: Principal,
    card: { brand: string; last4: string } | null,
  ): Promise<Started> {
    const { store } = this;
    // The session's row is locked: pay requests of one session (a double click, a retry on another
    // instance) take turns, so the second sees the first's key and payment.
    const session = await ownedSession(store, tx, sessionId, principal, true);
    const prior = await store.keys.find(tx, session.id, key);
    if (prior && prior.requestHash !== hash) throw idempotencyKeyReused('payment');
    if (prior) return { paymentId: prior.paymentId, replayed: true, orderChanged: false };
    const now = this.ctx.now();
    const at = now.toISOString();
    await checkSessionTakesPayment(store, tx, session, at);
    const balance = sessionRemaining(session, await store.payments.sessionTotals(tx, session.id));
    const amounts = allocate(request.paymentMethod, balance, request);
    // The order's row is locked too: payments of one order from several sessions take turns.
    const order = session.orderId ? await store.orders.lockById(tx, session.dispensaryId!, session.orderId) : undefined;
    const method = await offeredMethod(
      this.config,
      tx,
      session,
      request,
      amounts,
      card !== null,
      order?.order.locationId ?? null,
    );
    // The balance check counts every pending and approved payment of the order, from any session.
    const due = order ? await checkPayable(store, tx, order, amounts.amount, now, 'amount') : null;
    const cash = method.entry === 'cash' || amounts.cashback > 0 ? 'take' : null;
    const register = { dispensaryId: session.dispensaryId, terminalId: principal.terminalId };
    const shiftId = await shiftAtRegister(store.shifts, tx, register, cash);
    const closing = amounts.amount === balance.remainingAmount;
    const payment = newPendingPayment({
      id: timeOrderedUuid(now.getTime()),
      session,
      method,
      deviceId: await this.config.deviceFor(tx, method, now),
      amounts,
      closing,
      closesSale: due === null ? closing : amounts.amount === due,
      card,
      principal: await takenFor(this.displays, tx, session, principal),
      shiftId,
      at,
    });
    await store.payments.insert(tx, payment);
    await store.keys.save(tx, session.id, key, { requestHash: hash, paymentId: payment.id }, at);
    await store.sessions.touch(tx, session.id, at);
    if (method.entry === 'paylink') await this.paylinks.create(tx, payment.id, now);
    const orderChanged =
      method.entry === 'cash' ? (await settle(store, tx, payment, cashOutcome(payment, at))).orderChanged : false;
    return { paymentId: payment.id, replayed: false, orderChanged };
  }
}
