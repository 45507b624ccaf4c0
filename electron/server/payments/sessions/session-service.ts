import type { PaymentSession, SessionRequest } from '../../../../shared/contracts/payment.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import type { Principal } from '../../auth/principal.js';
import type { ServiceContext } from '../../context.js';
import { timeOrderedUuid } from '../../db/ids.js';
import { canceledOutcome } from '../pay/outcomes.js';
import type { PaymentEvents } from '../pay/payment-events.js';
import { settle } from '../pay/settlement.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { SessionRecord } from '../store/payment-types.js';
import { checkPayable, entityDispensary, findOrder } from './order-lookup.js';
import type { SessionViews } from './session-view.js';

/** Open sessions expire after this long without a payment in progress. */
export const SESSION_TTL_MS = 30 * 60 * 1000;

/** `staff:<id>` / `partner:<certId>`: who opened a session, for reuse and the audit trail. */
export function principalKey(principal: Principal): string {
  return `${principal.kind}:${principal.subjectId}`;
}

/** The session `id` if the principal's entity owns it (404 unknown, 403 another entity's). */
export function ownedSession(store: PaymentStore, id: string, principal: Principal): SessionRecord {
  const session = store.sessions.find(id);
  if (!session) throw new ServicePayError('NOT_FOUND', `no payment session ${id}`);
  if (session.organizationId !== principal.organizationId) {
    throw new ServicePayError('FORBIDDEN', 'this payment session belongs to another entity');
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
    const opened = await this.ctx.writes.run(() => this.openInTransaction(request, principal));
    for (const { sessionId, paymentId } of opened.reset) {
      if (paymentId) {
        this.onReset(paymentId);
        this.events.paymentChanged(paymentId);
      } else this.events.sessionChanged(sessionId);
    }
    return this.views.build(opened.session, opened.reused);
  }

  get(id: string, principal: Principal): PaymentSession {
    return this.views.build(ownedSession(this.store, id, principal));
  }

  private openInTransaction(request: SessionRequest, principal: Principal): Opened {
    const { store } = this;
    const organizationId = principal.organizationId;
    const named = request.dispensaryShortName
      ? entityDispensary(store, organizationId, request.dispensaryShortName)
      : undefined;
    if (request.locationId) store.locations.require(request.locationId, 'locationId', organizationId);
    if (request.processorName) store.processors.require(organizationId, request.processorName);
    const order = findOrder(store, organizationId, { ...request, dispensary: named });
    const now = this.ctx.now();
    const at = now.toISOString();
    const tip = request.tip ?? 0;
    const who = principalKey(principal);
    const reuseKey = order
      ? `order:${order.full.order.id}`
      : `plain:${organizationId}|${request.channel}|${request.referenceNumber ?? ''}`;
    const reset: Opened['reset'] = [];
    for (const open of store.sessions.openFor(reuseKey).filter((session) => session.principal === who)) {
      const pending = store.payments.ofSession(open.id).find((payment) => payment.status === 'pending');
      const expired = open.expiresAt <= at && !pending;
      if (
        !expired &&
        open.originalAmount === request.originalAmount &&
        open.tip === tip &&
        open.channel === request.channel
      ) {
        return { session: open, reused: true, reset: [] };
      }
      if (pending?.stage === 'processing') {
        throw new ServicePayError(
          'CONFLICT',
          'a payment of the previous session for this ticket is at the processor; wait for its result',
        );
      }
      // The ticket changed (or the session expired): the old session ends without PAYMENT_CANCELED.
      if (pending) settle(store, pending, canceledOutcome(pending, 'Canceled: the ticket changed', at));
      store.sessions.setStatus(open.id, 'open', 'canceled', at);
      reset.push({ sessionId: open.id, paymentId: pending?.id ?? null });
    }
    if (order) checkPayable(store, order.full, request.originalAmount);
    const organization = store.organizations.find(organizationId);
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
        entityName: request.entityName ?? organization?.name ?? '',
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
    store.sessions.insert(session);
    return { session, reused: false, reset };
  }
}
