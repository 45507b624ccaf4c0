import type { AuditActor } from '../../core/audit-actor.js';
import type { ServiceContext } from '../../core/context.js';
import type { OrderRecord } from '../../tickets/order-records.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { PaymentEvents } from './payment-events.js';
import type { Reversals } from './reversals.js';
import { syncOrderOf } from './settlement.js';

/**
 * What payments do when an order is canceled (TicketService's cancel hooks). The order's ACH
 * authorizations (approved, not captured) are voided first, and the order keeps its status: the
 * cancel itself moves it to CANCELED, so one cancel announces `payment.voided` and
 * `order.canceled`, never `order.reopened` (the order does not await payment again). Should the
 * cancel be refused after the voids (money the order still holds, or it moved meanwhile), an order
 * the voided authorizations no longer cover awaits payment again, as after any void.
 */
export class CancelVoids {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly store: PaymentStore,
    private readonly reversals: Reversals,
    private readonly events: PaymentEvents,
  ) {}

  /** Voids every approved, uncaptured authorization of `order`, which `who` is canceling. */
  async before(order: OrderRecord, who: AuditActor, reason: string): Promise<void> {
    const open = (await this.store.payments.ofOrder(this.ctx.db, order.id)).filter(
      (payment) => payment.status === 'approved' && !payment.captured,
    );
    const by = { actor: who, reason: reason ? `The order was canceled: ${reason}` : 'The order was canceled' };
    for (const { id } of open) await this.reversals.void(id, by, 'Voided: the order was canceled', 'keep');
  }

  /**
   * The cancel of `order` failed after `before` started (`by`: who canceled, as the status history
   * names them): the order awaits payment again if what was voided left it uncovered.
   */
  async refused(order: OrderRecord, by: string): Promise<void> {
    // Only an authorized order is covered by what `before` voids (a paid one cannot be canceled).
    if (order.paymentStatus !== 'AUTHORIZED') return;
    const at = this.ctx.now().toISOString();
    const named = { orderId: order.id, dispensaryId: order.dispensaryId };
    if (await this.ctx.db.write((tx) => syncOrderOf(this.store, tx, named, by, at))) {
      await this.events.orderChanged(order.dispensaryId, order.id);
    }
  }
}
