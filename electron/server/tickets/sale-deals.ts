import type { DealBook, DealContext } from '../../../shared/deals/engine.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';

/** What a sale is priced with: the store's deals, indexed, and who buys, when, with what typed or chosen. */
export interface DealPricing {
  book: DealBook;
  context: DealContext;
}

/** A sale as the deals see it, before its lines. */
export interface DealSale {
  dispensary: Dispensary;
  customerId: string | null;
  promoCodes: readonly string[];
  chosenDeals: readonly string[];
  now: Date;
  /** In a write: the rows of deals with limits are locked before their uses are counted. */
  locking?: boolean;
  /**
   * The order priced again (a change of its lines): its own uses of deals with limits are not
   * counted against it, so a deal it holds the last use of still applies to it.
   */
  orderId?: string;
  /**
   * On a register attached to a store server, its sale's hold answered: each deal's uses left at the
   * server (README "Deals"); the sale is priced with them (the fewer of them and its own count).
   */
  serverUsesLeft?: ReadonlyMap<string, number>;
  /**
   * A register's plan of a sale before its hold: counted from its own uses only (the hold asks the
   * server, and the write prices with its answer).
   */
  planning?: boolean;
}

/**
 * Where a sale's deals come from (README "Deals"): the deals feature implements it and app.ts hands
 * it to the tickets; without one (a test's service, a tool), a sale gets no deal. `forSale` is null
 * when the store has no deal that could apply.
 */
export interface SaleDeals {
  forSale(q: Queryable, sale: DealSale): Promise<DealPricing | null>;
}

/** No deals: every sale at its products' own prices and promotions. */
export const NO_DEALS: SaleDeals = { forSale: () => Promise.resolve(null) };
