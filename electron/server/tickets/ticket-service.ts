import type { Ticket, TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import { ServicePayError } from '../../../shared/errors.js';
import { canTransition, type OrderStatus } from '../../../shared/order-status.js';
import type { Dispensary } from '../catalog/dispensary-repository.js';
import { InventoryRepository } from '../catalog/inventory-repository.js';
import type { ServiceContext } from '../context.js';
import { buildOrder } from './build-order.js';
import { canonicalHash } from './canonical-hash.js';
import { EtaCache } from './eta-cache.js';
import { IdempotencyRepository } from './idempotency-repository.js';
import type { FullOrder } from './order-records.js';
import { newOrderNumber } from './order-number.js';
import { OrdersRepository, type OrderQuery } from './orders-repository.js';
import { toTicket } from './ticket-serializer.js';
import type { OrderUpdate } from '../../../shared/contracts/live.js';

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

/** Who asks, for the audit trail and idempotency scope. */
export interface Actor {
  id: string;
  apiClientId: string | null;
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
  /** Runs before a cancel: payments void the order's uncaptured authorizations (AUTHORIZED orders). */
  beforeCancel?: (order: FullOrder['order']) => Promise<void>;
  /**
   * Runs inside the cancel's write transaction; throws while the order holds money (an approved or
   * pending payment), so a paid order is never canceled with its money kept.
   */
  assertCancelable?: (order: FullOrder['order']) => void;
}

const MAX_NUMBER_ATTEMPTS = 20;

/** Creates, reads, cancels and advances tickets; every write is one group-committed transaction. */
/** Statuses from which voiding or refunding the payments leads to a cancelable order. */
const REOPENABLE: ReadonlySet<OrderStatus> = new Set(['AWAITING_PROCESSING', 'AUTHORIZED', 'PAID']);

export class TicketService {
  readonly orders: OrdersRepository;
  private readonly inventory: InventoryRepository;
  private readonly idempotency: IdempotencyRepository;
  private readonly eta = new EtaCache();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly hooks: OrderPaymentHooks = {},
  ) {
    this.orders = new OrdersRepository(ctx.db);
    this.inventory = new InventoryRepository(ctx.db);
    this.idempotency = new IdempotencyRepository(ctx.db);
  }

  /** Creates a ticket, or replays the first answer to the same `idempotencyKey` and body. */
  create(
    dispensary: Dispensary,
    request: TicketCreateRequest,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<CreatedTicket> {
    const scope = actor.apiClientId ?? actor.id;
    const requestHash = idempotencyKey ? canonicalHash({ dispensary: dispensary.id, request }) : '';
    return this.ctx.writes
      .run(() => {
        if (idempotencyKey) {
          const first = this.idempotency.find(scope, idempotencyKey);
          if (first && first.requestHash !== requestHash) {
            throw new ServicePayError(
              'CONFLICT',
              'Idempotency-Key was already used with a different request; use a new key for a new ticket',
              { field: 'Idempotency-Key' },
            );
          }
          if (first) return { statusCode: first.statusCode, body: first.body, replayed: true };
        }
        const now = this.ctx.now();
        const full = buildOrder(this.inventory, {
          dispensary,
          request,
          orderNumber: this.freeOrderNumber(dispensary.id),
          eta: this.eta.message(dispensary, now),
          createdBy: actor.id,
          apiClientId: actor.apiClientId,
          now,
        });
        this.orders.insert(full);
        const ticket = toTicket(full, dispensary.address);
        const body = JSON.stringify(ticket);
        if (idempotencyKey) {
          this.idempotency.save(scope, idempotencyKey, { requestHash, statusCode: 201, body }, now.toISOString());
        }
        return { statusCode: 201, body, replayed: false, ticket };
      })
      .then((created) => {
        if (created.ticket)
          this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', orderUpdate(created.ticket));
        return created;
      });
  }

  get(dispensary: Dispensary, orderId: string): Ticket {
    return toTicket(this.require(this.orders.findById(dispensary.id, orderId), orderId), dispensary.address);
  }

  getByNumber(dispensary: Dispensary, orderNumber: string): Ticket {
    const full = this.orders.findByNumber(dispensary.id, orderNumber);
    return toTicket(this.require(full, orderNumber), dispensary.address);
  }

  list(dispensary: Dispensary, query: Omit<OrderQuery, 'dispensaryId'>): Ticket[] {
    return this.orders
      .list({ ...query, dispensaryId: dispensary.id })
      .map((full) => toTicket(full, dispensary.address));
  }

  /** Cancels an unpaid order and gives its reserved stock back. */
  async cancel(dispensary: Dispensary, orderId: string, actor: Actor): Promise<Ticket> {
    const { order } = this.require(this.orders.findById(dispensary.id, orderId), orderId);
    if (this.hooks.beforeCancel && canTransition(order.status, 'CANCELED')) await this.hooks.beforeCancel(order);
    return this.move(
      dispensary,
      orderId,
      'CANCELED',
      actor,
      (full) => {
        for (const item of full.items) this.inventory.release(item.packageId, item.quantityMilli);
      },
      // For an order that only its money keeps from being canceled (PAID reopens when voided), the
      // money is the reason to give, with what to do about it, before the status rule.
      (full) => {
        if (REOPENABLE.has(full.order.status)) this.hooks.assertCancelable?.(full.order);
      },
    );
  }

  /** Advances a paid order through fulfilment; completing it takes the stock off the shelf. */
  async advance(dispensary: Dispensary, orderId: string, to: OrderStatus, actor: Actor): Promise<Ticket> {
    if (to === 'COMPLETED' && this.hooks.beforeComplete) {
      const { order } = this.require(this.orders.findById(dispensary.id, orderId), orderId);
      if (canTransition(order.status, to)) await this.hooks.beforeComplete(order);
    }
    return this.move(dispensary, orderId, to, actor, (full) => {
      if (to !== 'COMPLETED') return;
      for (const item of full.items) this.inventory.consume(item.packageId, item.quantityMilli);
    });
  }

  private move(
    dispensary: Dispensary,
    orderId: string,
    to: OrderStatus,
    actor: Actor,
    effect: (full: FullOrder) => void,
    precheck?: (full: FullOrder) => void,
  ): Promise<Ticket> {
    return this.ctx.writes
      .run(() => {
        const full = this.require(this.orders.findById(dispensary.id, orderId), orderId);
        precheck?.(full);
        const from = full.order.status;
        if (!canTransition(from, to)) {
          throw new ServicePayError(
            'ILLEGAL_TRANSITION',
            `order ${full.order.orderNumber} is ${from} and cannot become ${to}`,
            { field: 'status' },
          );
        }
        const at = this.ctx.now().toISOString();
        this.orders.updateStatus(full.order.id, from, to, actor.id, at);
        effect(full);
        return toTicket({ ...full, order: { ...full.order, status: to, updatedAt: at } }, dispensary.address);
      })
      .then((ticket) => {
        this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', orderUpdate(ticket));
        return ticket;
      });
  }

  private freeOrderNumber(dispensaryId: string): string {
    for (let attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt += 1) {
      const candidate = newOrderNumber();
      if (!this.orders.numberTaken(dispensaryId, candidate)) return candidate;
    }
    throw new Error('could not find a free order number; the number space is nearly full');
  }

  private require(full: FullOrder | undefined, reference: string): FullOrder {
    if (!full) throw new ServicePayError('NOT_FOUND', `no order ${reference} at this dispensary`);
    return full;
  }
}
