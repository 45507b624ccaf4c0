import type { AuditActor } from '../core/audit-actor.js';
import type { Queryable } from '../db/query.js';
import type { OrderRecord } from './order-records.js';

/** What an order's payments hold, in cents, as its balance counts them (README "Payments"). */
export interface OrderMoney {
  /** Approved payments' amounts applied to the order (a tip and a cashless ATM's cash back are not its). */
  paid: number;
  /** What their refunds gave back. */
  refunded: number;
}

/**
 * What payments must say before an order leaves the payable states, or its total changes; the
 * payment service provides them (payments-module.ts) so tickets never import payment code.
 */
export interface OrderPaymentHooks {
  /**
   * Runs before an order becomes COMPLETED; throwing refuses the completion. Payments capture the
   * order's ACH authorizations here, for its final total, so an order is never handed over with its
   * money uncaptured.
   */
  beforeComplete?: (order: OrderRecord, actor: string) => Promise<void>;
  /**
   * Runs before a cancel: payments void the order's uncaptured authorizations (AUTHORIZED orders),
   * recorded as done by whoever cancels, for the reason given. The order keeps its status: the
   * cancel moves it, so a cancel announces the voids and the cancel, never a reopened order.
   */
  beforeCancel?: (order: OrderRecord, who: AuditActor, reason: string) => Promise<void>;
  /** The cancel failed after `beforeCancel` began (`by` canceled): reopen the order if uncovered. */
  cancelRefused?: (order: OrderRecord, by: string) => Promise<void>;
  /**
   * Runs inside the cancel's write transaction, the order's row locked; throws while the order
   * holds money (an approved or pending payment), so a paid order is never canceled with its money
   * kept.
   */
  assertCancelable?: (tx: Queryable, order: OrderRecord) => Promise<void>;
  /**
   * Runs inside an edit of the order's lines, its row locked, before anything is written, with the
   * total the edit gives it: throws in words while a payment is being taken, when an authorization
   * would have to capture more than it authorized, or when money already taken would be more than
   * the new total.
   */
  assertEditable?: (tx: Queryable, order: OrderRecord, total: number) => Promise<void>;
  /**
   * Runs at the end of a new order's write (its row written, its reward dollars' points spent): how it
   * is paid follows its payments, none yet, so an order that owes nothing (its total $0.00: reward
   * dollars or discounts cover it all) is paid as it is made, and a sale at a register handed over
   * with it. `register` is the session's terminal (null away from a register): the drawer shift open
   * there counts such a sale. True when that changed the order.
   */
  created?: (tx: Queryable, order: OrderRecord, actor: string, at: string, register: string | null) => Promise<boolean>;
  /**
   * Runs at the end of an edit's write, `order` with its new total: how it is paid follows its
   * payments (approved payments that now cover it make it PAID or AUTHORIZED; one that owes nothing
   * is paid as a new one is, in the shift open at `register`).
   */
  edited?: (tx: Queryable, order: OrderRecord, actor: string, at: string, register: string | null) => Promise<void>;
  /**
   * What the payments of each of `orderIds` hold (a listing's page of orders), read in one query
   * whatever their number; an order without payments is absent.
   */
  moneyOf?: (q: Queryable, orderIds: readonly string[]) => Promise<ReadonlyMap<string, OrderMoney>>;
}
