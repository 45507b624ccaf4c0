import type { Ticket, TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import { TicketCompliance } from '../customers/ticket-compliance.js';
import { ServicePayError } from '../../../shared/errors.js';
import { canTransition, type OrderStatus } from '../../../shared/order-status.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';
import { InventoryRepository } from '../catalog/inventory-repository.js';
import type { RegisterLinkServices, ServiceContext } from '../context.js';
import type { Queryable } from '../db/query.js';
import { buildOrder } from './build-order.js';
import { canonicalHash } from './canonical-hash.js';
import { EtaCache } from './eta-cache.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import type { FullOrder } from './order-records.js';
import { ORDER_NUMBER_KEY, OrdersRepository, type OrderQuery } from './orders-repository.js';
import { toTicket } from './ticket-serializer.js';
import type { OrderUpdate } from '../../../shared/contracts/live.js';
import type { AuditActor } from '../audit/audit-actor.js';
import { AuditRepository } from '../audit/audit-repository.js';
import { holdingStock } from './stock-holder.js';

/** The live `order.updated` event of a ticket. */
function orderUpdate(ticket: Ticket): OrderUpdate {
  const { orderId, orderNumber, status, total, createdAt, updatedAt } = ticket;
  return { orderId, orderNumber, status, total, createdAt, updatedAt };
}

/** A created ticket, already rendered, so an idempotent replay answers byte for byte the same. */
export interface CreatedTicket {
  statusCode: number;
  body: string;
  replayed: boolean;
  /** The new ticket (absent on a replay). */
  ticket?: Ticket;
}

/** Who asks, for the status history, the audit trail and idempotency scope. */
export interface Actor {
  id: string;
  apiClientId: string | null;
  /** The person (or partner) and register, as the audit trail names them. */
  who: AuditActor;
}

/**
 * What payments must say before an order leaves the payable states; the payment service provides
 * them (payments-module.ts) so tickets never import payment code.
 */
export interface OrderPaymentHooks {
  /**
   * Runs before an order becomes COMPLETED; throwing refuses the completion. Payments capture the
   * order's ACH authorizations here, so an order is never handed over with its money uncaptured.
   */
  beforeComplete?: (order: FullOrder['order']) => Promise<void>;
  /**
   * Runs before a cancel: payments void the order's uncaptured authorizations (AUTHORIZED orders),
   * recorded as done by whoever cancels, for the reason given.
   */
  beforeCancel?: (order: FullOrder['order'], who: AuditActor, reason: string) => Promise<void>;
  /**
   * Runs inside the cancel's write transaction, the order's row locked; throws while the order
   * holds money (an approved or pending payment), so a paid order is never canceled with its money
   * kept.
   */
  assertCancelable?: (tx: Queryable, order: FullOrder['order']) => Promise<void>;
}

const MAX_NUMBER_ATTEMPTS = 20;

/** Statuses from which voiding or refunding the payments leads to a cancelable order. */
const REOPENABLE: ReadonlySet<OrderStatus> = new Set(['AWAITING_PROCESSING', 'AUTHORIZED', 'PAID']);

/** Creates, reads, cancels and advances tickets; every write is one durable transaction. */
export class TicketService {
  readonly orders: OrdersRepository;
  private readonly inventory: InventoryRepository;
  private readonly compliance: TicketCompliance;
  private readonly idempotency: IdempotencyRepository;
  private readonly audit: AuditRepository;
  private readonly eta = new EtaCache();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly hooks: OrderPaymentHooks = {},
    /** On an attached register: its store server, where a sale's units are held first. */
    private readonly link?: RegisterLinkServices,
  ) {
    this.orders = new OrdersRepository(ctx.db, ctx.outbox);
    this.inventory = new InventoryRepository(ctx.db);
    this.compliance = new TicketCompliance(ctx.db, link?.purchases);
    this.idempotency = new IdempotencyRepository(ctx.db);
    this.audit = new AuditRepository(ctx.db);
  }

  /** Creates a ticket, or replays the first answer to the same `idempotencyKey` and body. */
  async create(
    dispensary: Dispensary,
    request: TicketCreateRequest,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<CreatedTicket> {
    const scope = actor.apiClientId ?? actor.id;
    const requestHash = idempotencyKey ? canonicalHash({ dispensary: dispensary.id, request }) : '';
    const order = {
      dispensary,
      request,
      eta: '',
      createdBy: actor.id,
      apiClientId: actor.apiClientId,
      customerId: null,
    };
    // On an attached register, the customer's purchases at the store server, asked outside the write.
    const there = await this.compliance.atServer(this.ctx.db, dispensary, request.customerId, this.ctx.now());
    return this.withFreeNumber(() =>
      holdingStock(this.inventory, this.link?.holder, {
        q: this.ctx.db,
        // On an attached register, the units the order will take are held at the store server first
        // (none for a replay of an answered request: it answers as it did).
        plan: async (stock) => {
          if (idempotencyKey && (await this.idempotency.find(this.ctx.db, scope, idempotencyKey))) return;
          await buildOrder(stock, { ...order, orderNumber: '', now: this.ctx.now() });
        },
        write: (stockOf) =>
          this.ctx.db.write(async (tx): Promise<CreatedTicket> => {
            const now = this.ctx.now();
            if (idempotencyKey) {
              const first = await this.idempotency.claim(tx, scope, idempotencyKey, requestHash, now.toISOString());
              if (first && first.requestHash !== requestHash) {
                throw new ServicePayError(
                  'CONFLICT',
                  'Idempotency-Key was already used with a different request; use a new key for a new ticket',
                  { field: 'Idempotency-Key' },
                );
              }
              if (first) return { statusCode: first.statusCode, body: first.body, replayed: true };
            }
            const customer = await this.compliance.customer(tx, dispensary, request.customerId);
            const full = await buildOrder(stockOf(tx), {
              ...order,
              orderNumber: this.ctx.config.orderNumbers(),
              eta: this.eta.message(dispensary, now),
              customerId: customer?.id ?? null,
              now,
            });
            await this.compliance.check(tx, dispensary, full.items, customer, now, there);
            const taking = full.items.map((item) => ({ packageId: item.packageId, milli: item.quantityMilli }));
            await this.orders.insert(tx, full, this.inventory.reserving(taking));
            await this.recordRewardDollars(tx, dispensary, full, actor, now);
            const ticket = toTicket(full, dispensary.address);
            const body = JSON.stringify(ticket);
            if (idempotencyKey) await this.idempotency.answer(tx, scope, idempotencyKey, { statusCode: 201, body });
            return { statusCode: 201, body, replayed: false, ticket };
          }),
      }),
    ).then((created) => {
      if (created.ticket)
        this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', orderUpdate(created.ticket));
      return created;
    });
  }

  async get(dispensary: Dispensary, orderId: string): Promise<Ticket> {
    const full = await this.orders.findById(this.ctx.db, dispensary.id, orderId);
    return toTicket(this.require(full, orderId), dispensary.address);
  }

  async getByNumber(dispensary: Dispensary, orderNumber: string): Promise<Ticket> {
    const full = await this.orders.findByNumber(this.ctx.db, dispensary.id, orderNumber);
    return toTicket(this.require(full, orderNumber), dispensary.address);
  }

  async list(dispensary: Dispensary, query: Omit<OrderQuery, 'dispensaryId'>): Promise<Ticket[]> {
    const orders = await this.orders.list(this.ctx.db, { ...query, dispensaryId: dispensary.id });
    return orders.map((full) => toTicket(full, dispensary.address));
  }

  /** Cancels an unpaid order and gives its reserved stock back; the audit trail keeps who and why. */
  async cancel(dispensary: Dispensary, orderId: string, actor: Actor, reason = ''): Promise<Ticket> {
    const { order } = this.require(await this.orders.findById(this.ctx.db, dispensary.id, orderId), orderId);
    if (this.hooks.beforeCancel && canTransition(order.status, 'CANCELED')) {
      await this.hooks.beforeCancel(order, actor.who, reason);
    }
    return this.move(
      dispensary,
      orderId,
      'CANCELED',
      actor,
      async (tx, full) => {
        for (const item of full.items) await this.inventory.release(tx, item.packageId, item.quantityMilli);
        await this.audit.record(tx, {
          action: 'order_canceled',
          actor: actor.who,
          organizationId: dispensary.organizationId,
          dispensaryId: dispensary.id,
          at: this.ctx.now(),
          orderId: full.order.id,
          orderNumber: full.order.orderNumber,
          amount: full.order.totals.total,
          reason,
        });
      },
      // For an order that only its money keeps from being canceled (PAID reopens when voided), the
      // money is the reason to give, with what to do about it, before the status rule.
      async (tx, full) => {
        if (REOPENABLE.has(full.order.status)) await this.hooks.assertCancelable?.(tx, full.order);
      },
    );
  }

  /** Advances a paid order through fulfilment; completing it takes the stock off the shelf. */
  async advance(dispensary: Dispensary, orderId: string, to: OrderStatus, actor: Actor): Promise<Ticket> {
    if (to === 'COMPLETED' && this.hooks.beforeComplete) {
      const { order } = this.require(await this.orders.findById(this.ctx.db, dispensary.id, orderId), orderId);
      if (canTransition(order.status, to)) await this.hooks.beforeComplete(order);
    }
    return this.move(dispensary, orderId, to, actor, async (tx, full) => {
      if (to !== 'COMPLETED') return;
      for (const item of full.items) await this.inventory.consume(tx, item.packageId, item.quantityMilli);
    });
  }

  private move(
    dispensary: Dispensary,
    orderId: string,
    to: OrderStatus,
    actor: Actor,
    effect: (tx: Queryable, full: FullOrder) => Promise<void>,
    precheck?: (tx: Queryable, full: FullOrder) => Promise<void>,
  ): Promise<Ticket> {
    return this.ctx.db
      .write(async (tx) => {
        const full = this.require(await this.orders.lockById(tx, dispensary.id, orderId), orderId);
        await precheck?.(tx, full);
        const from = full.order.status;
        if (!canTransition(from, to)) {
          throw new ServicePayError(
            'ILLEGAL_TRANSITION',
            `order ${full.order.orderNumber} is ${from} and cannot become ${to}`,
            { field: 'status' },
          );
        }
        const at = this.ctx.now().toISOString();
        // The order's row is locked (or the writer exclusive): nobody moved it since it was read.
        if (!(await this.orders.updateStatus(tx, full.order.id, from, to, actor.id, at))) {
          throw new Error(`order ${full.order.orderNumber} changed status while locked`);
        }
        await effect(tx, full);
        return toTicket({ ...full, order: { ...full.order, status: to, updatedAt: at } }, dispensary.address);
      })
      .then((ticket) => {
        this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', orderUpdate(ticket));
        return ticket;
      });
  }

  /**
   * The POS has no price or quantity override; reward dollars are the one amount a person types
   * that lowers what an order costs (nothing checks them against a loyalty balance), so the trail
   * keeps every ticket created with them.
   */
  private async recordRewardDollars(
    tx: Queryable,
    dispensary: Dispensary,
    full: FullOrder,
    actor: Actor,
    at: Date,
  ): Promise<void> {
    const { payByPoints } = full.order.totals;
    if (payByPoints === 0) return;
    await this.audit.record(tx, {
      action: 'reward_dollars',
      actor: actor.who,
      organizationId: dispensary.organizationId,
      dispensaryId: dispensary.id,
      at,
      orderId: full.order.id,
      orderNumber: full.order.orderNumber,
      amount: -payByPoints,
      reason: "Paid with the customer's reward dollars",
    });
  }

  /** Stores the order, drawing another number while the dispensary already has its number. */
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

  private require(full: FullOrder | undefined, reference: string): FullOrder {
    if (!full) throw new ServicePayError('NOT_FOUND', `no order ${reference} at this dispensary`);
    return full;
  }
}
