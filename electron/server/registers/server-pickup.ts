import type { FastifyBaseLogger } from 'fastify';
import type { PickupQueue } from '../../../shared/contracts/pickup.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { FulfillmentStatus } from '../../../shared/order-status.js';
import type { ServiceContext } from '../core/context.js';
import type { KeyedLock } from '../db/keyed-lock.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { QueueElsewhere } from '../pickup/queue-elsewhere.js';
import type { OrdersElsewhere } from '../tickets/orders-elsewhere.js';
import type { Actor } from '../tickets/ticket-service.js';
import { OrderLending } from './order-lending.js';
import { basicOf, call, postAsRegister, ServerSilent, passOrderMoveRefusals } from './server-client.js';
import type { ServerLink } from './server-link-repository.js';

/** How long the queue waits for the server before it shows the last list it read (as not current). */
const QUEUE_WAIT_MS = 3000;

/** The move to COMPLETED of a server's order this register has not taken over (README "Attaching registers"). */
export const NOT_LENT_HERE =
  'An online order is handed over here once the store server lends it to this register: open it with Hand over.';

/**
 * The pickup queue of a register attached to a store server: the store's online orders live on the
 * server, so the register's own service reads the queue there and moves (starts, packs, cancels)
 * an order there on behalf of its signed-in cashier; the POS calls its own service as anywhere.
 * While the server does not answer, the queue is the last list read, said not to be current, and a
 * move is refused in words: an order's stage is the server's, and another register may be moving it.
 */
export class ServerPickup implements QueueElsewhere, OrdersElsewhere {
  /** The last list the server answered (current when read), and its store. */
  private last: { dispensaryId: string; queue: PickupQueue } | null = null;
  /** Online orders lent to this register for their hand-over. */
  private readonly lending: OrderLending;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly log: FastifyBaseLogger,
    /** The link while the server answered its last check; null while it does not. */
    private readonly answering: () => ServerLink | null,
    /** The lock a stock refresh and a forward share (forwarder.ts). */
    lock: KeyedLock,
  ) {
    this.lending = new OrderLending(ctx, log, lock, answering);
  }

  keepsOthers(): Promise<boolean> {
    return this.ctx.role.isRegister();
  }

  async read(dispensaryId: string): Promise<PickupQueue | undefined> {
    if (!(await this.keepsOthers())) return undefined;
    const link = this.answering();
    if (link) {
      try {
        const init = { headers: { authorization: basicOf(link.registerId, link.secret) } };
        const queue = await call<PickupQueue>(link.serverUrl, '/v2.0/register/pickup-queue', init, QUEUE_WAIT_MS);
        const read = { ...queue, current: true, atServer: true };
        this.last = { dispensaryId, queue: read };
        return read;
      } catch (error) {
        this.log.warn({ err: error }, 'the store server did not answer the pickup queue; the last list read is shown');
      }
    }
    if (this.last?.dispensaryId === dispensaryId) return { ...this.last.queue, current: false };
    throw new ServicePayError(
      'UNAVAILABLE',
      'The store server does not answer, and this register has not read the online orders since it started: ' +
        'they show here when the link is back.',
    );
  }

  advance(_dispensary: Dispensary, orderId: string, to: FulfillmentStatus, actor: Actor): Promise<Ticket> {
    if (to !== 'IN_PROCESS' && to !== 'PACKED_READY') {
      return Promise.reject(new ServicePayError('ILLEGAL_TRANSITION', NOT_LENT_HERE, { field: 'status' }));
    }
    return this.send(orderId, 'status', { status: to, cashier: actor.who.name });
  }

  cancel(_dispensary: Dispensary, orderId: string, actor: Actor, reason: string): Promise<Ticket> {
    return this.send(orderId, 'cancel', { cashier: actor.who.name, ...(reason ? { reason } : {}) });
  }

  lend(_dispensary: Dispensary, orderId: string, actor: Actor): Promise<{ expiresAt: string | null }> {
    return this.lending.lend(orderId, this.numberOf(orderId), actor);
  }

  giveBack(_dispensary: Dispensary, orderId: string, actor: Actor): Promise<boolean> {
    return this.lending.giveBack(orderId, this.numberOf(orderId), actor);
  }

  /** One move at the server; a silent server, or one refusing this register, is said in words. */
  private async send(orderId: string, action: 'status' | 'cancel', body: object): Promise<Ticket> {
    const order = this.numberOf(orderId);
    const link = this.answering();
    if (!link) throw notAnswering(order, 'it did not answer its last check');
    const path = `/v2.0/register/pickup/${encodeURIComponent(orderId)}/${action}`;
    try {
      return await postAsRegister<Ticket>(
        link.serverUrl,
        path,
        link.registerId,
        link.secret,
        body,
        undefined,
        passOrderMoveRefusals,
      );
    } catch (error) {
      if (error instanceof ServerSilent) throw notAnswering(order, error.why);
      if (error instanceof ServicePayError && error.code === 'UNAUTHENTICATED') {
        throw new ServicePayError(
          'UNAVAILABLE',
          `${capital(order)} was not changed: the store server refuses this register (${error.message}). A manager attaches it again.`,
        );
      }
      throw error;
    }
  }

  /** "order 7KQ2MZ" from the last list read, else "this order". */
  private numberOf(orderId: string): string {
    const listed = this.last?.queue.orders.find((order) => order.orderId === orderId);
    return listed ? `order ${listed.orderNumber}` : 'this order';
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A move refused because the server does not answer. */
function notAnswering(order: string, why: string): ServicePayError {
  return new ServicePayError(
    'UNAVAILABLE',
    `The store server does not answer (${why}): ${order} could not be changed, since online orders are kept there. ` +
      'Try again when the link is back.',
  );
}
