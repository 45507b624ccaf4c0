import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRegistry } from '../processors/processor-registry.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { PaymentEvents } from './payment-events.js';
import { PaymentRefunds } from './payment-refunds.js';
import { PaymentVoids } from './payment-voids.js';
import type { OwnOrdersLink } from './reversal-steps.js';

export { paymentLock, type OwnOrdersLink } from './reversal-steps.js';

/**
 * Money going back, at the payment's processor: void and refund (order-captures.ts takes the money
 * of ACH authorizations later). One operation per payment at a time, across
 * every service instance (DataLayer.exclusive), so a double click on two registers never refunds
 * twice.
 *
 * The void is payment-voids.ts, the refund and its replay payment-refunds.ts, and what both do
 * (the lock, the approved payment, the audit event) reversal-steps.ts.
 */
export class Reversals {
  private readonly voids: PaymentVoids;
  private readonly refunds: PaymentRefunds;

  constructor(
    ctx: ServiceContext,
    store: PaymentStore,
    registry: ProcessorRegistry,
    events: PaymentEvents,
    /** At an attached register: the server's later changes to a sale (a refund at the back office). */
    ownOrders?: OwnOrdersLink,
  ) {
    this.voids = new PaymentVoids(ctx, store, registry, events, ownOrders);
    this.refunds = new PaymentRefunds(ctx, store, registry, events, ownOrders);
  }

  /** Voids an approved payment (PaymentVoids.void). */
  void(...args: Parameters<PaymentVoids['void']>): ReturnType<PaymentVoids['void']> {
    return this.voids.void(...args);
  }

  /** Refunds an approved, captured payment, or replays a keyed refund (PaymentRefunds.refund). */
  refund(...args: Parameters<PaymentRefunds['refund']>): ReturnType<PaymentRefunds['refund']> {
    return this.refunds.refund(...args);
  }
}
