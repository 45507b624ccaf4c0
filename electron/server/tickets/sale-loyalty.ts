import type { TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import { dollarsToCents } from '../../../shared/money.js';
import type { Queryable } from '../db/query.js';
import type { OrderRecord } from './order-records.js';
import type { SaleDeals } from './sale-deals.js';
import type { PointsAsk } from './stock-holder.js';

/** What a new sale's write tells its loyalty beyond the order (README "Loyalty"). */
export interface SaleSpend {
  /** What an attached register's store server holds of the sale's points for it. */
  heldPoints?: number;
  /** The reward dollars asked, in cents: the refusal's words name them (the order has what it takes of them). */
  askedCents?: number;
}

/**
 * A sale's loyalty points (README "Loyalty"): the loyalty feature implements it and app.ts hands it
 * to the tickets; without one (a test's service, a tool), reward dollars are not checked.
 */
export interface SaleLoyalty {
  /**
   * In the write of a new order (its row written, its customer's row locked), the points its reward
   * dollars cost are taken off the customer's balance; refused in words when the balance is short.
   * A register's sale whose points its store server did not hold (`sale.heldPoints`) spends at most
   * the offline cap.
   */
  spend(tx: Queryable, order: OrderRecord, actor: string, at: string, sale?: SaleSpend): Promise<void>;
  /**
   * Refuses in words (as `spend` would) reward dollars a quote's customer cannot pay with points;
   * answers the points they cost (0: none, or a store whose programme is off).
   */
  check(
    q: Queryable,
    order: Pick<OrderRecord, 'dispensaryId' | 'customerId' | 'totals'>,
    askedCents?: number,
  ): Promise<number>;
}

/** The reward dollars a ticket request asks, in cents (buildOrder refuses those it cannot count first). */
export const rewardCentsAsked = (request: Pick<TicketCreateRequest, 'rewardDollars'>): number =>
  dollarsToCents(request.rewardDollars ?? 0) ?? 0;

/** No programme: reward dollars as typed, costing no points. */
export const NO_LOYALTY: SaleLoyalty = { spend: () => Promise.resolve(), check: () => Promise.resolve(0) };

/** What prices and pays a sale beyond its products (app.ts hands them in): the store's deals and loyalty. */
export interface SalePorts {
  deals?: SaleDeals;
  loyalty?: SaleLoyalty;
}

/**
 * The points a register's sale holds at its store server: the reward dollars it takes, and those
 * asked only when more (for the server's refusal to name them; an older server refuses the field).
 */
export const pointsAsk = (customerId: string, rewardCents: number, askedCents: number): PointsAsk =>
  askedCents > rewardCents ? { customerId, rewardCents, askedCents } : { customerId, rewardCents };
