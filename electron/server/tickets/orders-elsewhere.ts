import type { Ticket } from '../../../shared/contracts/ticket.js';
import type { FulfillmentStatus } from '../../../shared/order-status.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { Actor } from './ticket-draft.js';

/**
 * Where the orders a node does not keep itself live: on a register attached to a store server, the
 * store's online orders are the server's (README "Attaching registers": the pickup queue). The
 * ticket service moves an order it does not have through it; registers/ implements it.
 */
export interface OrdersElsewhere {
  /** Whether an order this node does not have may be the server's (it is an attached register). */
  keepsOthers(): Promise<boolean>;
  /** Moves the server's order on, as `actor`; refuses in words when the server does not answer. */
  advance(dispensary: Dispensary, orderId: string, to: FulfillmentStatus, actor: Actor): Promise<Ticket>;
  /** Cancels the server's order, as `actor`, for `reason`; refuses in words when the server does not answer. */
  cancel(dispensary: Dispensary, orderId: string, actor: Actor, reason: string): Promise<Ticket>;
  /**
   * Takes the server's order over for its hand-over at this node: the server lends it to this
   * register alone and it is copied here; refuses in words (another register has it, the server
   * does not answer). Answers until when (null: paid here, lent until handed over).
   */
  lend(dispensary: Dispensary, orderId: string, actor: Actor): Promise<{ expiresAt: string | null }>;
  /** Gives a lent order back before its money is taken here (false: nothing to give back). */
  giveBack(dispensary: Dispensary, orderId: string, actor: Actor): Promise<boolean>;
}
