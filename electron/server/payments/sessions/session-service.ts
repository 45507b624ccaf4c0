import type { PaymentSession, SessionRequest } from '../../../../shared/contracts/payment.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { inScope, type Principal } from '../../core/principal.js';
import type { Queryable } from '../../db/query.js';
import type { ServiceContext } from '../../core/context.js';
import { timeOrderedUuid } from '../../db/ids.js';
import { canceledOutcome } from '../pay/outcomes.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import { settle } from '../pay/settlement.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { SessionRecord } from '../store/payment-types.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import { checkPayable, entityDispensary, findOrder } from './order-lookup.js';
import type { SessionViews } from '../pay/session-view.js';

/** Where a payment session of each channel pays, as a canceled payment says it. */
const PAID_WHERE: Record<SessionRecord['channel'], string> = {
  ecommerce: 'the customer started paying this order online',
  pos: 'this order is being paid at a register now',
  ffd: 'this order is being paid at the counter now',
  virtual_terminal: 'this order is being paid on the back office’s virtual terminal now',
};

/** Why a session's waiting payment ends when a new session of its order starts, in words. */
const resetWords = (before: SessionRecord['channel'], now: SessionRecord['channel']) =>
  `Canceled: ${before === now ? 'the ticket changed' : PAID_WHERE[now]}`;

/** Open sessions expire after this long without a payment in progress. */
export const SESSION_TTL_MS = 30 * 60 * 1000;

/** `staff:<id>` / `partner:<certId>`: who opened a session, for reuse and the audit trail. */
export function principalKey(principal: Principal): string {
  return `${principal.kind}:${principal.subjectId}`;
}

/**
 * The session `id` if the principal's entity owns it (404 unknown, 403 another entity's). A partner
 * (its server or its shopper's browser) acts only on the sessions it opened: a store's staff may
 * see and cancel any of the store's, a partner never a register's or another partner's (README
 * "Authentication": "cancels the payments it starts").
 */
export async function ownedSession(
  store: PaymentStore,
  q: Queryable,
  id: string,
  principal: Principal,
  lock = false,
): Promise<SessionRecord> {
  const session = lock ? await store.sessions.lock(q, id) : await store.sessions.find(q, id);
  if (!session) throw new ServicePayError('NOT_FOUND', `no payment session ${id}`);
  if (!inScope(principal, session.organizationId, session.dispensaryId)) {
    throw new ServicePayError('FORBIDDEN', 'this payment session belongs to another entity or store');
  }
  if (principal.kind === 'partner' && session.principal !== principalKey(principal)) {
    throw new ServicePayError('FORBIDDEN', 'this payment session was opened by the store or another partner');
  }
  return session;
}

/** What opening did: the session, whether it was reused, and older sessions it reset. */
interface Opened {
  session: SessionRecord;
  reused: boolean;
  reset: { sessionId: string; paymentId: string | null }[];
}

/**
 * Opens payment sessions for `payment` events (docs/payments.md "Sessions"): checks the event
 * against the entity, its order and the order's balance, answers a resend with the open session
 * (`reused`), and resets the older session when the ticket changed.
 */
export class SessionService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly views: SessionViews,
    private readonly events: PaymentEvents,
    private readonly onReset: (paymentId: string) => void,
  ) {}

  async open(request: SessionRequest, principal: Principal): Promise<PaymentSession> {
    if (request.entityId !== principal.organizationId) {
      throw new ServicePayError('FORBIDDEN', 'entityId is not the entity (organization) of your token');
    }
    if ((request.channel === 'pos' || request.channel === 'ffd') && !request.ticketAlphaNumId) {
      throw invalidInput('ticketAlphaNumId', `is required in the ${request.channel} channel (the order number)`);
    }
    const named = request.dispensaryShortName
      ? await entityDispensary(this.store, principal, request.dispensaryShortName)
      : undefined;
    const opened = await this.ctx.db.write((tx) => this.openInTransaction(tx, request, principal, named));
    for (const { sessionId, paymentId } of opened.reset) {
      if (paymentId) {
        this.onReset(paymentId);
        await this.events.paymentChanged(paymentId);
      } else await this.events.sessionChanged(sessionId);
    }
    return this.views.build(this.ctx.db, opened.session, opened.reused);
  }

  async get(id: string, principal: Principal): Promise<PaymentSession> {
    return this.views.build(this.ctx.db, await ownedSession(this.store, this.ctx.db, id, principal));
  }

  private async openInTransaction(
    tx: Queryable,
    request: SessionRequest,
    principal: Principal,
    named: Dispensary | undefined,
  ): Promise<Opened> {
    const { store } = this;
    const organizationId = principal.organizationId;
    if (request.locationId) {
      await store.locations.require(tx, request.locationId, 'locationId', organizationId, principal.dispensaryId);
    }
    if (request.processorName) await store.processors.require(tx, organizationId, request.processorName);
    const found = await findOrder(store, tx, principal, { ...request, dispensary: named });
    // The order's row is locked: sessions of one order are opened and reset one at a time.
    const locked = found && (await store.orders.lockById(tx, found.dispensary.id, found.full.order.id));
    const order = found && locked ? { ...found, full: locked } : found;
    const now = this.ctx.now();
    const at = now.toISOString();
    const tip = request.tip ?? 0;
    const who = principalKey(principal);
    const reuseKey = order
      ? `order:${order.full.order.id}`
      : `plain:${organizationId}|${request.channel}|${request.referenceNumber ?? ''}`;
    const reset: Opened['reset'] = [];
    const open = (await store.sessions.openFor(tx, reuseKey)).filter((session) => session.principal === who);
    for (const previous of open) {
      const pending = (await store.payments.ofSession(tx, previous.id)).find((payment) => payment.status === 'pending');
      const expired = previous.expiresAt <= at && !pending;
      if (
        !expired &&
        previous.originalAmount === request.originalAmount &&
        previous.tip === tip &&
        previous.channel === request.channel
      ) {
        return { session: previous, reused: true, reset: [] };
      }
      if (pending?.stage === 'processing') {
        throw new ServicePayError(
          'CONFLICT',
          'a payment of the previous session for this ticket is at the processor; wait for its result',
        );
      }
      // The ticket changed, it is paid elsewhere now (or the session expired): the old session ends
      // without PAYMENT_CANCELED, its payment saying why to whoever was taking it.
      const why = resetWords(previous.channel, request.channel);
      if (pending) await settle(store, tx, pending, canceledOutcome(pending, why, at));
      await store.sessions.setStatus(tx, previous.id, 'open', 'canceled', at);
      reset.push({ sessionId: previous.id, paymentId: pending?.id ?? null });
    }
    if (order) await checkPayable(store, tx, order.full, request.originalAmount, now);
    // The customer pays a store: the order's (or the one the event named), else, for a plain charge,
    // the organization; the integrator's own entityName wins (its "Store name", spec 4.3).
    const atStore = order?.dispensary ?? named;
    const payee =
      request.entityName ?? atStore?.name ?? (await store.organizations.find(tx, organizationId))?.name ?? '';
    const session: SessionRecord = {
      id: timeOrderedUuid(now.getTime()),
      organizationId,
      dispensaryId: order?.dispensary.id ?? named?.id ?? null,
      orderId: order?.full.order.id ?? null,
      channel: request.channel,
      status: 'open',
      principal: who,
      reuseKey,
      originalAmount: request.originalAmount,
      tip,
      details: {
        entityName: payee,
        dispensaryShortName: order?.dispensary.shortName ?? named?.shortName ?? null,
        ticketAlphaNumId: order?.full.order.orderNumber ?? null,
        ticketId: order?.full.order.id ?? null,
        locationId: request.locationId ?? null,
        processorName: request.processorName ?? null,
        employeeReferenceId: request.employeeReferenceId ?? principal.employeeRef ?? '',
        transactingAssociateId: request.transactingAssociateId ?? null,
        associateId: principal.subjectId,
        customer: request.customer ?? null,
        taxes: request.taxes ?? null,
        discount: request.discount ?? null,
        rewardDollars: request.rewardDollars ?? null,
        referenceNumber: request.referenceNumber ?? null,
        selectedOption: null,
      },
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
      createdAt: at,
      updatedAt: at,
    };
    await store.sessions.insert(tx, session);
    return { session, reused: false, reset };
  }
}
