import { storeDiscountRules } from '../dispensaries/store-profile.js';
import type { InventoryRepository } from '../catalog/inventory-repository.js';
import type { ServiceContext } from '../core/context.js';
import type { TicketCompliance } from '../customers/ticket-compliance.js';
import { StaleWriteError } from '../db/query.js';
import { buildOrder } from './build-order.js';
import type { EtaCache } from './eta-cache.js';
import { IDEMPOTENCY_KEY, type IdempotencyRepository } from './idempotency-repository.js';
import type { OrdersRepository } from './orders-repository.js';
import type { SaleLink } from './stock-holder.js';
import { dealsForDraft, taking, usesLimited, type CreatedTicket, type Draft } from './ticket-draft.js';
import { toTicket } from './ticket-serializer.js';

/** Reads of a ticket's stock written at once (`written`) before it takes a write transaction. */
const ONE_WRITE_ATTEMPTS = 3;

/**
 * A new ticket written at once, without a write transaction (ticket-creation.ts takes one when this
 * cannot): most sales of a register and most online orders.
 */
export class TicketAtOnce {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly orders: OrdersRepository,
    private readonly inventory: InventoryRepository,
    private readonly compliance: TicketCompliance,
    private readonly idempotency: IdempotencyRepository,
    private readonly eta: EtaCache,
    private readonly link: SaleLink | undefined,
  ) {}

  /**
   * A new ticket written as one statement on an unlocked read of its stock (`DataLayer.writeSteps`),
   * its webhook event included: its conditional reservation checks that every line's units are
   * still there, and when another sale took them first nothing is written and the ticket is built
   * again on a fresh read. Undefined when the ticket needs its write transaction: a customer (their
   * row is locked so that their tickets are made one after another, for the purchase limits),
   * reward dollars (audited), a total of $0.00 (paid as it is made), an attached register holding its
   * units at its store server, a key already used (the claiming write answers as it did), or stock
   * that kept changing.
   */
  async written(draft: Draft): Promise<CreatedTicket | undefined> {
    const { order, idempotency } = draft;
    if (order.request.customerId !== undefined || this.link?.holder?.ready()) return undefined;
    // Manual discounts are audited in the ticket's write.
    if ((order.request.manualDiscounts ?? []).length > 0) return undefined;
    try {
      return await this.tries(draft);
    } catch (error) {
      // A replay whose request would now be refused (its units sold since, say) is answered as the
      // first time, by the transaction's claim: a key is looked up only when something went wrong.
      const { db } = this.ctx;
      if (idempotency && (await this.idempotency.find(db, idempotency.scope, idempotency.key))) return undefined;
      throw error;
    }
  }

  /**
   * Up to ONE_WRITE_ATTEMPTS reads and one-statement writes of a ticket (see `writtenAtOnce`). A key
   * already taken is a unique violation of the write itself: undefined, for the transaction's claim.
   */
  private async tries({ order, idempotency, deals: saleDeals }: Draft): Promise<CreatedTicket | undefined> {
    const { dispensary } = order;
    const { db } = this.ctx;
    for (let attempt = 1; attempt <= ONE_WRITE_ATTEMPTS; attempt += 1) {
      const now = this.ctx.now();
      const deals = await dealsForDraft(saleDeals, db, order, null, now);
      const full = await buildOrder(this.inventory.stock(db.pipelined), {
        ...order,
        orderNumber: this.ctx.config.orderNumbers(),
        ...this.eta.of(dispensary, now),
        deals,
        rules: storeDiscountRules(this.ctx.profiles, dispensary),
        now,
      });
      // Known from its pricing alone, before the compliance check: the transaction checks it then.
      if (full.order.totals.payByPoints !== 0) return undefined;
      // Owing nothing, it is paid as it is made: by the payments' rule, in the write transaction.
      if (full.order.totals.total === 0) return undefined;
      // A deal with a limit is counted under its row's lock: in the write transaction.
      if (usesLimited(full, deals)) return undefined;
      await this.compliance.check(db, dispensary, full.items, null, now);
      const ticket = toTicket(full, dispensary.address);
      const body = JSON.stringify(ticket);
      const reservations = taking(full);
      const { steps, written } = await this.orders.creation(db, full, this.inventory.reserving(reservations));
      if (idempotency) {
        const { scope, key, requestHash } = idempotency;
        steps.unshift(
          this.idempotency.recording(scope, key, requestHash, now.toISOString(), { statusCode: 201, body }),
        );
      }
      try {
        const packages = reservations.map((reservation) => reservation.packageId);
        await db.writeSteps(steps, full.items.length, { table: 'packages', ids: packages });
        written();
        return { statusCode: 201, body, replayed: false, ticket };
      } catch (error) {
        if (error instanceof StaleWriteError) continue;
        if (idempotency && db.dialect.isUniqueViolation(error, IDEMPOTENCY_KEY)) return undefined;
        throw error;
      }
    }
    return undefined;
  }
}
