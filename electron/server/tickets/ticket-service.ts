import type { ListedTicket, Ticket, TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import { TicketCompliance, type HandedOver } from '../customers/ticket-compliance.js';
import { ServicePayError } from '../../../shared/errors.js';
import {
  canTransition,
  fulfillmentOf,
  refusalOf,
  statusOf,
  type FulfillmentStatus,
  type OrderState,
} from '../../../shared/order-status.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { InventoryRepository } from '../catalog/inventory-repository.js';
import { inLockOrder } from '../catalog/stock-reservations.js';
import type { StockMoves } from '../core/stock-moves.js';
import type { ServiceContext } from '../core/context.js';
import { PaidWithoutPayment } from '../cash/paid-without-payment.js';
import type { Queryable } from '../db/query.js';
import type { FullOrder } from './order-records.js';
import { OrdersRepository, type OrderQuery } from './orders-repository.js';
import { toListedTicket, toTicket } from './ticket-serializer.js';
import { AuditRepository } from '../core/audit-repository.js';
import { OrderEdits } from './order-edits.js';
import { TicketCreation } from './ticket-creation.js';
import type { Actor, CreatedTicket } from './ticket-draft.js';
import type { SaleLink } from './stock-holder.js';
import type { OrderEvents } from './order-events.js';
import type { OrdersElsewhere } from './orders-elsewhere.js';
import type { OrderMoney, OrderPaymentHooks } from './order-payment-hooks.js';
import { ticketUpdate } from './ticket-update.js';
import { OrderLoans } from './order-loans.js';
import { pickerName } from './picker-name.js';
import type { SalePorts } from './sale-loyalty.js';

export type { Actor, CreatedTicket } from './ticket-draft.js';
export type { OrderPaymentHooks } from './order-payment-hooks.js';

/** An order as its hand-over's state rules see it. */
const handedOver = ({ order, items }: FullOrder): HandedOver => ({
  id: order.id,
  orderNumber: order.orderNumber,
  customerId: order.customerId,
  items,
});

/** The state's refusals of a hand-over: said as its check's reason rather than thrown. */
const HAND_OVER_REFUSALS: ReadonlySet<string> = new Set(['PURCHASE_LIMIT', 'ID_NOT_VERIFIED', 'CONFLICT']);

/** The products of an order's lines (their stock moves with it). */
const productsOf = (ticket: Ticket) => ticket.items.map((item) => item.productId);

/** True for an order not yet handed over or canceled: one its money may keep from being canceled. */
const open = (order: OrderState) => order.status !== 'COMPLETED' && order.status !== 'CANCELED';

/** Creates, reads, cancels and advances tickets; every write is one durable transaction. */
export class TicketService {
  readonly orders: OrdersRepository;
  private readonly inventory: InventoryRepository;
  private readonly creation: TicketCreation;
  private readonly audit: AuditRepository;
  private readonly compliance: TicketCompliance;
  /** Changes to an order's lines before it is paid (order-edits.ts). */
  readonly edits: OrderEdits;
  private readonly loans: OrderLoans;
  private readonly paidWithoutPayment: PaidWithoutPayment;
  /** Where the stock an order's creation, cancel or hand-over moved is told (`stock.changed`). */
  private readonly stock: StockMoves;

  constructor(
    private readonly ctx: ServiceContext,
    /** Where orders' creations and status moves are announced (webhooks, state reporting). */
    events: OrderEvents,
    private readonly hooks: OrderPaymentHooks = {},
    /** On an attached register: its store server, where a sale's units are held first. */
    link?: SaleLink,
    /** On an attached register: its store server, which keeps the online orders this register does not have. */
    private readonly elsewhere?: OrdersElsewhere,
    /** The store's deals, which price every sale, and its loyalty programme (README "Deals", "Loyalty"). */
    sale: SalePorts = {},
  ) {
    this.orders = new OrdersRepository(ctx.db, events);
    this.inventory = new InventoryRepository(ctx.db);
    this.compliance = new TicketCompliance(ctx.db, ctx.profiles, link?.purchases);
    this.creation = new TicketCreation(ctx, this.orders, this.inventory, this.compliance, link, sale, hooks);
    this.audit = new AuditRepository(ctx.db);
    this.loans = new OrderLoans(ctx.db);
    this.paidWithoutPayment = new PaidWithoutPayment(ctx.db);
    this.stock = ctx.stockMoves;
    this.edits = new OrderEdits(ctx, this.orders, events, this.inventory, this.compliance, hooks, sale.deals);
  }

  /** Creates a ticket, or replays the first answer to the same `idempotencyKey` and body. */
  async create(
    dispensary: Dispensary,
    request: TicketCreateRequest,
    actor: Actor,
    idempotencyKey?: string,
  ): Promise<CreatedTicket> {
    const created = await this.creation.create(dispensary, request, actor, idempotencyKey);
    if (created.ticket) {
      this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', ticketUpdate(created.ticket));
      this.stock.products(dispensary.id, productsOf(created.ticket));
    }
    return created;
  }

  /** One order, with what its payments hold (`paid`, `refunded`: as a listing says them). */
  async get(dispensary: Dispensary, orderId: string): Promise<ListedTicket> {
    const full = await this.orders.findById(this.ctx.db, dispensary.id, orderId);
    return this.withMoney(this.require(full, orderId), dispensary);
  }

  async getByNumber(dispensary: Dispensary, orderNumber: string): Promise<ListedTicket> {
    const full = await this.orders.findByNumber(this.ctx.db, dispensary.id, orderNumber);
    return this.withMoney(this.require(full, orderNumber), dispensary);
  }

  private async withMoney(full: FullOrder, dispensary: Dispensary): Promise<ListedTicket> {
    const money = await this.hooks.moneyOf?.(this.ctx.db, [full.order.id]);
    return toListedTicket(full, dispensary.address, money?.get(full.order.id));
  }

  /**
   * Orders newest first, each with what its payments hold (the payments' `moneyOf`, one query for the
   * page; nothing paid where no payments are wired).
   */
  async list(dispensary: Dispensary, query: Omit<OrderQuery, 'dispensaryId'>): Promise<ListedTicket[]> {
    const { db } = this.ctx;
    const orders = await this.orders.list(db, { ...query, dispensaryId: dispensary.id });
    const ids = orders.map((full) => full.order.id);
    const money = (await this.hooks.moneyOf?.(db, ids)) ?? new Map<string, OrderMoney>();
    return orders.map((full) => toListedTicket(full, dispensary.address, money.get(full.order.id)));
  }

  /** Cancels an unpaid order and gives its reserved stock back; the audit trail keeps who and why. */
  async cancel(dispensary: Dispensary, orderId: string, actor: Actor, reason = ''): Promise<Ticket> {
    const remote = await this.keptElsewhere(dispensary, orderId);
    if (remote) return remote.cancel(dispensary, orderId, actor, reason);
    const { order } = this.require(await this.orders.findById(this.ctx.db, dispensary.id, orderId), orderId);
    const { beforeCancel, cancelRefused } = this.hooks;
    const voiding = beforeCancel !== undefined && canTransition(order.status, 'CANCELED');
    try {
      if (voiding) await beforeCancel(order, actor.who, reason);
      return await this.cancelMove(dispensary, orderId, actor, reason);
    } catch (error) {
      if (voiding) await cancelRefused?.(order, actor.id);
      throw error;
    }
  }

  /** Moves an order to CANCELED, giving its stock back, once nothing holds money for it. */
  private cancelMove(dispensary: Dispensary, orderId: string, actor: Actor, reason: string): Promise<Ticket> {
    return this.move(
      dispensary,
      orderId,
      'CANCELED',
      actor,
      async (tx, full) => {
        for (const item of inLockOrder(full.items))
          await this.inventory.release(tx, item.packageId, item.quantityMilli);
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
      // For an order that only its money keeps from being canceled (a paid one, whatever its
      // stage), the money is the reason to give, with what to do about it, before the status rule.
      async (tx, full) => {
        if (open(full.order)) await this.hooks.assertCancelable?.(tx, full.order);
      },
    );
  }

  /**
   * Moves an order through the store (picked, packed, handed over), paid or not; handing it over
   * needs it paid (an ACH authorization is captured first) and takes the stock off the shelf. The
   * store's state rules are checked again at the hand-over (the customer may have bought elsewhere
   * since ordering): before any capture, and again in the write, the customer's row locked. An order
   * paid without a payment while it was picked (its total $0.00: reward dollars or discounts cover
   * it) is a sale from its hand-over (reports/sale-closings.ts): the shift open at the register that
   * hands it over counts it, as one made there (cash/paid-without-payment.ts).
   */
  async advance(dispensary: Dispensary, orderId: string, to: FulfillmentStatus, actor: Actor): Promise<Ticket> {
    const remote = await this.keptElsewhere(dispensary, orderId);
    if (remote) return remote.advance(dispensary, orderId, to, actor);
    if (to === 'COMPLETED') {
      const full = this.require(await this.orders.findById(this.ctx.db, dispensary.id, orderId), orderId);
      const { order } = full;
      if (!refusalOf(order.orderNumber, { ...order, paymentStatus: 'PAID' }, to)) {
        await this.compliance.handOver(this.ctx.db, dispensary, handedOver(full), this.ctx.now(), false);
        await this.hooks.beforeComplete?.(order, actor.id);
      }
    }
    return this.move<boolean>(
      dispensary,
      orderId,
      to,
      actor,
      async (tx, full, closesSale) => {
        if (to !== 'COMPLETED') return;
        for (const item of inLockOrder(full.items))
          await this.inventory.consume(tx, item.packageId, item.quantityMilli);
        if (closesSale) await this.paidWithoutPayment.closed(tx, full.order, actor.who.terminalId);
      },
      // Whether this hand-over closes its sale: an order never paid before, owing nothing (read before the move).
      async (tx, full) => {
        if (to !== 'COMPLETED' || refusalOf(full.order.orderNumber, full.order, to)) return false;
        await this.compliance.handOver(tx, dispensary, handedOver(full), this.ctx.now(), true);
        return full.order.totals.total === 0 && !(await this.paidWithoutPayment.paidBefore(tx, full.order.id));
      },
    );
  }

  /**
   * Takes an online order over for its hand-over here: on a register attached to a store server,
   * the server lends it to this register alone and it is copied here (README "Attaching
   * registers"); elsewhere the order is this node's own and nothing is lent (`lent` false).
   */
  async lend(
    dispensary: Dispensary,
    orderId: string,
    actor: Actor,
  ): Promise<{ lent: boolean; expiresAt: string | null }> {
    if (!this.elsewhere || !(await this.elsewhere.keepsOthers())) return { lent: false, expiresAt: null };
    return { lent: true, ...(await this.elsewhere.lend(dispensary, orderId, actor)) };
  }

  /** Gives back an order lent here before its money was taken (false: nothing to give back). */
  async giveBack(dispensary: Dispensary, orderId: string, actor: Actor): Promise<boolean> {
    if (!this.elsewhere || !(await this.elsewhere.keepsOthers())) return false;
    return this.elsewhere.giveBack(dispensary, orderId, actor);
  }

  /**
   * Why the order may not be handed over now, once paid, in words (null: it may): handed over or
   * canceled already, or the state's rules with the customer's purchases so far. Read only; the
   * move to COMPLETED checks the same again in its write.
   */
  async handOverRefusal(dispensary: Dispensary, orderId: string): Promise<string | null> {
    const full = this.require(await this.orders.findById(this.ctx.db, dispensary.id, orderId), orderId);
    const { order } = full;
    const stage = fulfillmentOf(order.status);
    if (stage === 'COMPLETED' || stage === 'CANCELED') return refusalOf(order.orderNumber, order, 'COMPLETED');
    try {
      await this.compliance.handOver(this.ctx.db, dispensary, handedOver(full), this.ctx.now(), false);
      return null;
    } catch (error) {
      if (error instanceof ServicePayError && HAND_OVER_REFUSALS.has(error.code)) return error.message;
      throw error;
    }
  }

  /**
   * Moves an order to the stage `to` in one write, its row locked, refusing in words a move its
   * stage or payment does not allow (shared/order-status.ts); `effect` writes what follows from it.
   * `precheck` reads (and checks) the order before the move, and hands `effect` what it found.
   */
  private move<Checked = void>(
    dispensary: Dispensary,
    orderId: string,
    to: FulfillmentStatus,
    actor: Actor,
    effect: (tx: Queryable, full: FullOrder, checked: Checked | undefined) => Promise<void>,
    precheck?: (tx: Queryable, full: FullOrder) => Promise<Checked>,
  ): Promise<Ticket> {
    return this.ctx.db
      .write(async (tx) => {
        const full = this.require(await this.orders.lockById(tx, dispensary.id, orderId), orderId);
        // Lent to a register for its hand-over: its changes come from there (README "Attaching registers").
        const lent = await this.loans.refusal(tx, full.order, this.ctx.now());
        if (lent) throw new ServicePayError('CONFLICT', lent);
        const checked = await precheck?.(tx, full);
        const { order } = full;
        const refusal = refusalOf(order.orderNumber, order, to);
        if (refusal) throw new ServicePayError('ILLEGAL_TRANSITION', refusal, { field: 'status' });
        // A canceled order holds no money (assertCancelable, and the voids before it).
        const paymentStatus = to === 'CANCELED' ? 'UNPAID' : order.paymentStatus;
        const next: OrderState = { status: statusOf(to, paymentStatus), paymentStatus };
        const at = this.ctx.now().toISOString();
        // The order's row is locked (or the writer exclusive): nobody moved it since it was read.
        const picker = to === 'IN_PROCESS' ? await pickerName(this.ctx.db, tx, actor) : order.picker;
        if (!(await this.orders.move(tx, order.id, order, { ...next, picker: picker ?? undefined }, actor.id, at))) {
          throw new Error(`order ${order.orderNumber} changed status while locked`);
        }
        await effect(tx, full, checked);
        return toTicket({ ...full, order: { ...order, ...next, picker, updatedAt: at } }, dispensary.address);
      })
      .then((ticket) => {
        this.ctx.live.publishTo(dispensary.id, 'orders', 'order.updated', ticketUpdate(ticket));
        // Canceled, its claim ends; handed over, its units leave the shelf.
        if (to === 'CANCELED' || to === 'COMPLETED') this.stock.products(dispensary.id, productsOf(ticket));
        return ticket;
      });
  }

  /** Where an order this node does not have is kept (an attached register: its store server), if anywhere. */
  private async keptElsewhere(dispensary: Dispensary, orderId: string): Promise<OrdersElsewhere | undefined> {
    if (!this.elsewhere || !(await this.elsewhere.keepsOthers())) return undefined;
    return (await this.orders.findById(this.ctx.db, dispensary.id, orderId)) ? undefined : this.elsewhere;
  }

  private require(full: FullOrder | undefined, reference: string): FullOrder {
    if (!full) throw new ServicePayError('NOT_FOUND', `no order ${reference} at this dispensary`);
    return full;
  }
}
