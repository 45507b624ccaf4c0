import type { TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import { AuditRepository } from '../core/audit-repository.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { storeDiscountRules } from '../dispensaries/store-profile.js';
import type { InventoryRepository } from '../catalog/inventory-repository.js';
import type { ServiceContext } from '../core/context.js';
import type { TicketCompliance } from '../customers/ticket-compliance.js';
import type { Queryable } from '../db/query.js';
import { SMALL_WRITE } from '../db/data-layer.js';
import { buildOrder } from './build-order.js';
import { dealUsesAsk } from './server-deal-uses.js';
import type { DealUsesAsked } from '../../../shared/contracts/register-deal-uses.js';
import { NO_LOYALTY, pointsAsk, rewardCentsAsked, type SalePorts } from './sale-loyalty.js';
import { canonicalHash, idempotencyKeyReused } from './canonical-hash.js';
import { EtaCache } from './eta-cache.js';
import { TicketAtOnce } from './ticket-at-once.js';
import {
  dealsForDraft,
  dealsOfOneSale,
  productsOf,
  taking,
  type Actor,
  type CreatedTicket,
  type Draft,
} from './ticket-draft.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import type { OrderPaymentHooks } from './order-payment-hooks.js';
import { ORDER_NUMBER_KEY, type OrdersRepository } from './orders-repository.js';
import { holdingStock, type SaleLink } from './stock-holder.js';
import { toTicket } from './ticket-serializer.js';
import { checkMayChoose, manualApprover } from './manual-discounts.js';
import { saleAuditEntries } from './order-audit.js';
import { ManagerPins } from '../auth/manager-pins.js';

const MAX_NUMBER_ATTEMPTS = 20;
/** How a new ticket is written: at once where nothing needs a transaction (ticket-at-once.ts), else in one. */
export class TicketCreation {
  private readonly idempotency: IdempotencyRepository;
  private readonly audit: AuditRepository;
  private readonly pins: ManagerPins;
  private readonly eta = new EtaCache();
  private readonly atOnce: TicketAtOnce;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly orders: OrdersRepository,
    private readonly inventory: InventoryRepository,
    private readonly compliance: TicketCompliance,
    /** On an attached register: its store server, where a sale's units are held first. */
    private readonly link?: SaleLink,
    /** The store's deals and loyalty programme (README "Deals", "Loyalty"). */
    private readonly sale: SalePorts = {},
    /** Payments' say on how a new order is paid (`created`: one that owes nothing is paid as it is made). */
    private readonly hooks: OrderPaymentHooks = {},
  ) {
    this.idempotency = new IdempotencyRepository(ctx.db);
    this.audit = new AuditRepository(ctx.db);
    this.pins = ManagerPins.of(ctx);
    const { idempotency, eta } = this;
    this.atOnce = new TicketAtOnce(ctx, orders, inventory, compliance, idempotency, eta, link);
  }

  /** Creates a ticket, or replays the first answer to the same `idempotencyKey` and body. */
  async create(
    dispensary: Dispensary,
    request: TicketCreateRequest,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<CreatedTicket> {
    const { apiClientId } = actor;
    checkMayChoose(actor.who, request);
    // Asked before the write: a manager's PIN takes tens of milliseconds to check.
    const approver = await manualApprover(this.pins, dispensary, actor.who, request);
    const draft: Draft = {
      order: {
        dispensary,
        request,
        eta: '',
        promisedAt: null,
        // A session at a register rings up a sale; any other places an order online.
        source: actor.who.terminalId ? 'register' : 'online',
        createdBy: actor.id,
        apiClientId,
        customerId: null,
        manualApprover: approver,
      },
      actor,
      idempotency: idempotencyKey
        ? {
            scope: apiClientId ?? actor.id,
            key: idempotencyKey,
            requestHash: canonicalHash({ dispensary: dispensary.id, request }),
          }
        : undefined,
      deals: dealsOfOneSale(this.sale.deals),
    };
    return this.withFreeNumber(async () => (await this.atOnce.written(draft)) ?? this.inTransaction(draft));
  }

  /**
   * A new ticket written in a transaction that locks what it reads (its packages, its customer).
   * On an attached register, the units the order will take are held at the store server first,
   * and the customer's allowance with them (the server answers what the customer bought there).
   */
  private async inTransaction({ order, actor, idempotency, deals: saleDeals }: Draft): Promise<CreatedTicket> {
    const { dispensary } = order;
    const { db } = this.ctx;
    const { request } = order;
    // The planned sale's reward dollars (cents): their points are held with its units (README "Loyalty").
    let reward = 0;
    // The deals with limits the planned sale may use: counted and held at the store server (README "Deals").
    let dealsAsked: DealUsesAsked | undefined;
    return holdingStock(this.inventory, this.link?.holder, {
      q: db,
      // None held for a replay of an answered request: it answers as it did.
      plan: async (stock) => {
        if (idempotency && (await this.idempotency.find(db, idempotency.scope, idempotency.key))) return undefined;
        const rules = storeDiscountRules(this.ctx.profiles, dispensary);
        const customerId = request.customerId ?? null;
        const deals = await dealsForDraft(saleDeals, db, order, customerId, this.ctx.now(), false, {
          planning: true,
        });
        const planned = await buildOrder(stock, { ...order, orderNumber: '', rules, now: this.ctx.now(), deals });
        dealsAsked = dealUsesAsk(deals, planned.items, customerId);
        reward = -planned.order.totals.payByPoints;
        return planned.items;
      },
      allowance: (lines) => this.compliance.allowanceAsk(dispensary, request.customerId, lines),
      points: () =>
        request.customerId !== undefined && reward > 0
          ? pointsAsk(request.customerId, reward, rewardCentsAsked(request))
          : undefined,
      deals: () => dealsAsked,
      write: (stockOf, sale) =>
        db.write(async (tx): Promise<CreatedTicket> => {
          const now = this.ctx.now();
          // The customer's row, then the packages', then the key: the order every writer takes them
          // in (a hold, and a grouped write, which writes its key holding its packages), so that a
          // retry racing its first try never holds one while waiting on the other.
          const customer = await this.compliance.customer(tx, dispensary, request.customerId);
          if (idempotency) {
            await stockOf(tx).packagesOf(dispensary.id, dispensary.primaryLocationId, productsOf(request));
            const first = await this.claim(tx, idempotency, now);
            if (first) return first;
          }
          const full = await buildOrder(stockOf(tx), {
            ...order,
            orderId: sale.orderId,
            orderNumber: this.ctx.config.orderNumbers(),
            ...this.eta.of(dispensary, now),
            customerId: customer?.id ?? null,
            deals: await dealsForDraft(saleDeals, tx, order, customer?.id ?? null, now, true, {
              serverUsesLeft: sale.serverUsesLeft,
            }),
            rules: storeDiscountRules(this.ctx.profiles, dispensary),
            now,
          });
          await this.compliance.check(tx, dispensary, full.items, customer, now, sale.purchases);
          await this.orders.insert(tx, full, this.inventory.reserving(taking(full)));
          const loyalty = this.sale.loyalty ?? NO_LOYALTY;
          await loyalty.spend(tx, full.order, actor.who.name, now.toISOString(), {
            heldPoints: sale.heldPoints,
            askedCents: rewardCentsAsked(request),
          });
          const entries = saleAuditEntries(full, actor.who, dispensary, now, order.manualApprover ?? null);
          if (entries.length > 0) await this.audit.recordMany(tx, entries);
          // Only an order that owes nothing can be paid as it is made (no payment is there yet).
          const owesNothing = full.order.totals.total === 0;
          const at = now.toISOString();
          const paid = owesNothing && (await this.hooks.created?.(tx, full.order, actor.id, at, actor.who.terminalId));
          const made = paid ? (await this.orders.findById(tx, dispensary.id, full.order.id))! : full;
          const ticket = toTicket(made, dispensary.address);
          const body = JSON.stringify(ticket);
          if (idempotency)
            await this.idempotency.answer(tx, idempotency.scope, idempotency.key, { statusCode: 201, body });
          return { statusCode: 201, body, replayed: false, ticket };
        }, SMALL_WRITE),
    });
  }

  /** Claims the request's key in its write: the first answer when the key was used already. */
  private async claim(
    tx: Queryable,
    { scope, key, requestHash }: NonNullable<Draft['idempotency']>,
    now: Date,
  ): Promise<CreatedTicket | undefined> {
    const first = await this.idempotency.claim(tx, scope, key, requestHash, now.toISOString());
    if (!first) return undefined;
    if (first.requestHash !== requestHash) throw idempotencyKeyReused('ticket');
    return { statusCode: first.statusCode, body: first.body, replayed: true };
  }

  /**
   * Runs a ticket's write again, drawing a new order number, while the number drawn is one the
   * store already has (about one chance in 10^9 per order it holds): the write failed whole.
   */
  private async withFreeNumber<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (error) {
        if (!this.ctx.db.dialect.isUniqueViolation(error, ORDER_NUMBER_KEY)) throw error;
        if (attempt === MAX_NUMBER_ATTEMPTS) {
          throw new Error('could not find a free order number; the number space is nearly full');
        }
      }
    }
  }
}
