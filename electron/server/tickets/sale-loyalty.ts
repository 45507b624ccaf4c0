import type { Queryable } from '../db/query.js';
import type { OrderRecord } from './order-records.js';
import type { SaleDeals } from './sale-deals.js';

/**
 * A sale's loyalty points (README "Loyalty"): the loyalty feature implements it and app.ts hands it
 * to the tickets; without one (a test's service, a tool), reward dollars are not checked.
 */
export interface SaleLoyalty {
  /**
   * In the write of a new order (its row written, its customer's row locked), the points its reward
   * dollars cost are taken off the customer's balance; refused in words when the balance is short.
   * `heldPoints`: what an attached register's store server holds of them for this sale (README
   * "Loyalty"); a register's sale whose points it did not hold spends at most the offline cap.
   */
  spend(tx: Queryable, order: OrderRecord, actor: string, at: string, heldPoints?: number): Promise<void>;
  /**
   * Refuses in words (as `spend` would) reward dollars a quote's customer cannot pay with points;
   * answers the points they cost (0: none, or a store whose programme is off).
   */
  check(q: Queryable, order: Pick<OrderRecord, 'dispensaryId' | 'customerId' | 'totals'>): Promise<number>;
}

/** No programme: reward dollars as typed, costing no points. */
export const NO_LOYALTY: SaleLoyalty = { spend: () => Promise.resolve(), check: () => Promise.resolve(0) };

/** What prices and pays a sale beyond its products (app.ts hands them in): the store's deals and loyalty. */
export interface SalePorts {
  deals?: SaleDeals;
  loyalty?: SaleLoyalty;
}
