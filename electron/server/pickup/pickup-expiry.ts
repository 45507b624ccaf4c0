import { ServicePayError } from '../../../shared/errors.js';
import { SYSTEM_ACTOR } from '../core/audit-actor.js';
import type { ServiceContext } from '../core/context.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { Actor, TicketService } from '../tickets/ticket-service.js';
import { expiryOf, readyBefore, unclaimedReason } from './pickup-hold.js';
import { ReadyOrdersRepository, type ReadyOrderRecord } from './ready-orders-repository.js';

/** The service canceling on its own: the status history says `system`, the audit trail "ServicePay". */
const SYSTEM: Actor = { id: 'system', apiClientId: null, who: SYSTEM_ACTOR };

/** What one sweep did, by order number. */
export interface SweepOutcome {
  /** Canceled, their stock given back (an ACH authorization voided). */
  canceled: string[];
  /** Paid, past their hold: kept for a manager (README "Unclaimed orders"). */
  kept: string[];
  /** Not canceled this time, with why in words (a payment in progress, a move meanwhile): the next sweep tries again. */
  refused: { orderNumber: string; reason: string }[];
}

/**
 * Cancels the orders their customer did not pick up within the store's hold, as a staff cancel
 * does (TicketService.cancel: stock given back, an ACH authorization voided, `order_canceled` in
 * the audit trail with the reason, `order.canceled` by webhook), as the service itself. A paid order
 * is never canceled here: its money would have to go back first, and that is a manager's decision;
 * it stays ready and listed (Orders → Ready over a day).
 */
export class PickupExpiry {
  private readonly dispensaries: DispensaryRepository;
  private readonly ready: ReadyOrdersRepository;
  private running: Promise<SweepOutcome> | undefined;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly tickets: TicketService,
  ) {
    this.dispensaries = new DispensaryRepository(ctx.db);
    this.ready = new ReadyOrdersRepository(ctx.db);
  }

  /** One sweep of every store at `ctx.now()`; a sweep asked for while one runs shares it. */
  sweep(): Promise<SweepOutcome> {
    this.running ??= this.sweepOnce().finally(() => (this.running = undefined));
    return this.running;
  }

  private async sweepOnce(): Promise<SweepOutcome> {
    const outcome: SweepOutcome = { canceled: [], kept: [], refused: [] };
    for (const dispensary of await this.dispensaries.list()) {
      const now = this.ctx.now();
      const expired = await this.ready.readyBefore(
        this.ctx.db,
        dispensary.id,
        readyBefore(now, dispensary.pickupHoldHours),
      );
      for (const order of expired) await this.expire(dispensary, order, outcome);
    }
    return outcome;
  }

  private async expire(dispensary: Dispensary, order: ReadyOrderRecord, outcome: SweepOutcome): Promise<void> {
    if (expiryOf(order.paymentStatus) === 'keep') {
      outcome.kept.push(order.orderNumber);
      return;
    }
    try {
      await this.tickets.cancel(dispensary, order.orderId, SYSTEM, unclaimedReason(dispensary.pickupHoldHours));
      outcome.canceled.push(order.orderNumber);
    } catch (error) {
      // Refused in words (money came in meanwhile, a payment is being taken): the order stays as it is.
      if (!(error instanceof ServicePayError)) throw error;
      outcome.refused.push({ orderNumber: order.orderNumber, reason: error.message });
    }
  }
}
