import type { Ticket, TicketCreateRequest } from '../../../shared/contracts/ticket.js';
import type { AuditActor } from '../core/audit-actor.js';
import { LastOutcome } from '../../../shared/deals/last-outcome.js';
import type { Queryable } from '../db/query.js';
import { dealInputsOf, type NewOrderInput } from './build-order.js';
import type { FullOrder } from './order-records.js';
import { NO_DEALS, type DealPricing, type DealSale, type SaleDeals } from './sale-deals.js';

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

/** A ticket's request as the writes below get it: the order's input but its number and time. */
export interface Draft {
  order: Omit<NewOrderInput, 'orderNumber' | 'now'>;
  actor: Actor;
  /** The Idempotency-Key the request came with, its scope (the API client or person) and hash. */
  idempotency?: { scope: string; key: string; requestHash: string };
  /** The store's deals as this sale prices with them (`dealsOfOneSale`). */
  deals: SaleDeals | undefined;
}

/**
 * The store's deals as one sale prices with them: a cart priced again unchanged (the ticket tried at
 * once, then in its write transaction) gets the engine's last outcome again (shared/deals/last-outcome.ts).
 */
export function dealsOfOneSale(deals: SaleDeals | undefined): SaleDeals | undefined {
  if (!deals) return undefined;
  const last = new LastOutcome();
  return {
    forSale: async (q, sale) => {
      const pricing = await deals.forSale(q, sale);
      return pricing && { ...pricing, book: last.of(pricing.book) };
    },
  };
}

/** The store's deals for a draft's sale now (`locking` the rows of those with limits, in a write). */
export function dealsForDraft(
  deals: SaleDeals | undefined,
  q: Queryable,
  order: Draft['order'],
  customerId: string | null,
  now: Date,
  locking = false,
  /** A register's plan before its hold, or its write with the server's uses left (README "Deals"). */
  held: Pick<DealSale, 'planning' | 'serverUsesLeft'> = {},
) {
  const { promoCodes, chosenDeals } = dealInputsOf(order.request);
  return (deals ?? NO_DEALS).forSale(q, {
    dispensary: order.dispensary,
    customerId,
    promoCodes,
    chosenDeals,
    now,
    locking,
    ...held,
  });
}

/** True when the order got a deal whose uses are limited. */
export const usesLimited = (full: FullOrder, deals: DealPricing | null) =>
  deals !== null &&
  full.items.some((item) => item.dealDiscounts.some((deal) => deals.context.usesLeft.has(deal.dealId)));

/** The products a ticket's request names, each line's. */
export const productsOf = (request: TicketCreateRequest) => request.items.map((item) => item.productId);

/** The units an order takes of each of its packages. */
export const taking = (full: Pick<FullOrder, 'items'>) =>
  full.items.map((item) => ({ packageId: item.packageId, milli: item.quantityMilli }));
